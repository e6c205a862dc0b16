import { formatWhole, type StreamFactory } from './report.js';
import { invoiceSection } from './html-invoice.js';
import { RuleCounts, summaryRow, summarySection } from './html-summary.js';
import { RTL_STYLE, STYLE } from './html-style.js';
import { esc } from './html-text.js';
import { Speaker } from './html-lang.js';

/**
 * Invoices whose page the report shows. Past this, an invoice keeps its section (verdict and findings) without the
 * invoice itself: a page is some 10–40 KB of HTML, and a report of many thousands would be more than a browser opens
 * comfortably. The summary says how many were left out.
 */
export const MAX_PAGES = 1000;

/*
 * The page is written as the results arrive, so a run of any size never holds its invoices: each one's section is
 * written when it is done, and only its summary row (a few hundred bytes) is kept for the end. The summary is
 * written last and shown first: the report is a column of flex items whose order CSS sets, which needs no script.
 * The Content-Security-Policy forbids every script and every load from anywhere, so the file shows the same offline,
 * whatever text it holds.
 */
const head = (sp: Speaker) => `<!DOCTYPE html>
<html lang="${sp.lang === 'ar' ? 'ar' : 'en'}"${sp.lang === 'ar' ? ' dir="rtl"' : ''}>
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="pintae">
<title>pintae — ${sp.plain(sp.say('report.title'))}</title>
<style>${STYLE}${sp.lang === 'en' ? '' : RTL_STYLE}</style>
</head>
<body>
<div class="report">
`;

/**
 * The HTML report (issue 12): one self-contained page, the summary of every input first, then each invoice as a
 * person reads it; in English, Arabic (right to left) or both (`options.lang`, issue 26). Findings' messages are
 * shown as the findings carry them.
 */
export const htmlStream: StreamFactory = (options, gates) => {
  const sp = new Speaker(options.lang ?? 'en');
  let k = 0;
  let pages = 0;
  let leftOut = 0;
  const rows: string[] = [];
  const rules = new RuleCounts();
  return {
    header: () => `${head(sp)}<a class="skip" href="#summary">${sp.label(sp.say('skip-to-summary'))}</a>\n<header class="top"><h1>${sp.label(sp.say('report.title'))}</h1><p>pintae${options.version ? ` ${esc(options.version)}` : ''} · ${sp.label(sp.say('report.subtitle'))}</p></header>\n<main class="invoices">\n`,
    result(r) {
      k++;
      const page = Boolean(r.view) && pages < MAX_PAGES;
      if (page) pages++; else if (r.view) leftOut++;
      const { html, line } = invoiceSection(r, k, page, sp, options.stdin);
      rows.push(summaryRow(line, k, sp));
      rules.add(line);
      return html;
    },
    footer: (summary, overrides) => `</main>\n${summarySection(summary, gates, overrides, rows, rules, leftOut, sp)}\n`
      + `<footer class="foot">${sp.prose(sp.say('footer'))}</footer>\n</div>\n</body>\n</html>\n`,
  };
};

export const html = formatWhole(htmlStream);
