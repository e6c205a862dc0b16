import { formatWhole, type StreamFactory } from './report.js';
import { invoiceSection } from './html-invoice.js';
import { RuleCounts, summaryRow, summarySection } from './html-summary.js';
import { STYLE } from './html-style.js';
import { esc } from './html-text.js';

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
const HEAD = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="pintae">
<title>pintae — PINT-AE validation report</title>
<style>${STYLE}</style>
</head>
<body>
<div class="report">
`;

/** The HTML report (issue 12): one self-contained page, the summary of every input first, then each invoice as a person reads it. */
export const htmlStream: StreamFactory = (options, gates) => {
  let k = 0;
  let pages = 0;
  let leftOut = 0;
  const rows: string[] = [];
  const rules = new RuleCounts();
  return {
    header: () => `${HEAD}<header class="top"><h1>PINT-AE validation report</h1><p>pintae${options.version ? ` ${esc(options.version)}` : ''} · UAE e-invoicing (Peppol PINT-AE)</p></header>\n<main class="invoices">\n`,
    result(r) {
      k++;
      const page = Boolean(r.view) && pages < MAX_PAGES;
      if (page) pages++; else if (r.view) leftOut++;
      const { html, line } = invoiceSection(r, k, page);
      rows.push(summaryRow(line, k));
      rules.add(line);
      return html;
    },
    footer: (summary, overrides) => `</main>\n${summarySection(summary, gates, overrides, rows, rules, leftOut)}\n`
      + '<footer class="foot">Made by pintae. Values are shown as the document (or the request) carries them; amounts grouped by thousands for reading.</footer>\n</div>\n</body>\n</html>\n',
  };
};

export const html = formatWhole(htmlStream);
