/*
 * The report's one stylesheet, inline: no font, image or script is ever loaded. Errors are red and warnings amber,
 * on the list and at the values alike; a finding's number links its entry and its place in the invoice both ways
 * (`:target` shows where a link led).
 */
export const STYLE = `
:root{--ink:#1d2939;--muted:#667085;--line:#eaecf0;--paper:#fff;--bg:#f2f4f7;--err:#b42318;--err-bg:#fef3f2;--err-soft:#fee4e2;
--warn:#b54708;--warn-bg:#fffaeb;--warn-soft:#fef0c7;--ok:#027a48;--ok-bg:#ecfdf3;--off:#667085;--link:#175cd3}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",Arial,sans-serif}
a{color:var(--link);text-decoration:underline;text-underline-offset:2px}a:hover{text-decoration-thickness:2px}
.chip,a.mark{position:relative}.vh{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.skip{position:absolute;left:8px;top:-40px;background:var(--paper);padding:6px 10px;border-radius:6px;z-index:1}.skip:focus{top:8px}
:focus-visible{outline:3px solid var(--link);outline-offset:2px}
code{font:12px/1.3 ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace;background:#f2f4f7;border-radius:4px;padding:1px 4px;overflow-wrap:anywhere}
.report{max-width:1200px;margin:0 auto;padding:24px 20px 40px;display:flex;flex-direction:column;gap:20px}
.top{order:0}.summary{order:1}.invoices{order:2;display:flex;flex-direction:column;gap:20px}.foot{order:3;color:var(--muted);font-size:12px}
.top h1{margin:0;font-size:22px}.top p{margin:2px 0 0;color:var(--muted)}
.summary,.invoice{background:var(--paper);border-radius:12px;box-shadow:0 1px 3px rgba(16,24,40,.1),0 1px 2px rgba(16,24,40,.06);padding:20px 24px}
.summary h2{margin:0 0 8px;font-size:18px}.summary h3{margin:18px 0 6px;font-size:14px}
.run{font-size:15px;font-weight:600;margin:0 0 6px}.run.pass{color:var(--ok)}.run.fail{color:var(--err)}
.why{margin:0 0 8px;color:var(--err)}.overrides{color:#6941c6;margin:4px 0}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%}
th{text-align:left;font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);background:#f9fafb;border-bottom:1px solid var(--line);padding:7px 10px;white-space:nowrap}
td{padding:7px 10px;border-bottom:1px solid var(--line);vertical-align:top}
tbody tr:last-child td{border-bottom:0}
.n{text-align:right;font-variant-numeric:tabular-nums}
.inputs td:nth-child(2){overflow-wrap:break-word}.inputs td:nth-child(3){white-space:nowrap}table.by-rule{width:auto;min-width:420px}
.chip{display:inline-block;font:11px/1.6 ui-monospace,Menlo,Consolas,"DejaVu Sans Mono",monospace;border-radius:999px;padding:0 7px;margin:1px 0}
.chip.error{background:var(--err-bg);color:var(--err)}.chip.warning{background:var(--warn-bg);color:var(--warn)}
.verdict{display:inline-block;border-radius:999px;padding:2px 10px;font-weight:600;font-size:13px;white-space:nowrap}
.verdict.valid{background:var(--ok-bg);color:var(--ok)}.verdict.invalid,.verdict.rejected{background:var(--err-bg);color:var(--err)}
.verdict.unreadable{background:#f2f4f7;color:#475467}
.invoice{border-left:6px solid var(--ok)}.invoice.invalid,.invoice.rejected{border-left-color:var(--err)}.invoice.unreadable{border-left-color:var(--off)}
.inv-head{display:flex;flex-wrap:wrap;align-items:center;gap:6px 16px;border-bottom:1px solid var(--line);padding-bottom:12px;margin-bottom:14px}
.inv-title{flex:1 1 auto;min-width:0}
.doc-type{display:block;font-size:11px;text-transform:uppercase;letter-spacing:.08em;color:var(--muted)}
.inv-head h2{margin:0;font-size:22px;overflow-wrap:anywhere}
.where{flex-basis:100%;color:var(--muted);font-size:12px;overflow-wrap:anywhere}
.findings-box{background:#fcfcfd;border:1px solid var(--line);border-radius:10px;padding:10px 14px;margin-bottom:16px}
.findings-box h3{margin:0 0 6px;font-size:13px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
.clean{margin:0;color:var(--ok)}
ol.findings{list-style:none;margin:0;padding:0}
li.finding{display:flex;flex-wrap:wrap;gap:10px;padding:8px 6px;border-top:1px solid var(--line);border-radius:6px}
ol.findings>li.finding:first-child{border-top:0}
li.finding .n{flex:0 0 auto;width:24px;height:24px;border-radius:999px;color:#fff;background:var(--err);text-align:center;font:600 12px/24px system-ui,sans-serif}
li.finding.warning .n{background:var(--warn)}li.finding.off .n,li.finding.info .n{background:var(--off)}
.fbody{flex:1 1 300px;min-width:0}
.msg{overflow-wrap:anywhere}
.sev{display:inline-block;font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.04em;border-radius:4px;padding:0 6px;margin-right:4px}
.sev.error{background:var(--err-soft);color:var(--err)}.sev.warning{background:var(--warn-soft);color:var(--warn)}.sev.off,.sev.info{background:#f2f4f7;color:#475467}
li.finding.off .msg,li.finding.info .msg{color:var(--muted)}
.fmeta{margin-top:3px;color:var(--muted);font-size:12px;overflow-wrap:anywhere}
.whole{font-style:italic}.times{display:inline-block;font-size:12px;font-weight:600;color:var(--muted);margin-left:4px}
details.each{margin-top:3px;font-size:12px;color:var(--muted)}details.each summary{cursor:pointer}details.each ul{margin:2px 0 0;padding-left:18px}.moved{color:#6941c6}
.hint{margin-top:2px;color:#0b5394}
.rule-text{margin-top:3px;font-size:12px;color:#475467;border-left:3px solid var(--line);padding-left:8px}
details.caused{flex-basis:100%;margin:2px 0 0 34px}
details.caused summary{cursor:pointer;color:var(--muted);font-size:12px}
details.caused li.finding{padding-left:0}
.note{background:#eff8ff;border-left:4px solid var(--link);border-radius:6px;padding:8px 12px;margin:0 0 14px}
.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(300px,100%),1fr));gap:14px;margin-bottom:14px}
.meta{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(260px,100%),1fr));gap:14px;margin-bottom:16px;align-items:start}
.block,.table-block{border:1px solid var(--line);border-radius:10px;padding:12px 14px;min-width:0}
.party{background:#fcfcfd}
.block h3,.table-block h3{margin:0 0 8px;font-size:11px;text-transform:uppercase;letter-spacing:.08em;color:var(--muted)}
.cur{text-transform:none;letter-spacing:0;font-weight:400;margin-left:6px}
dl{display:grid;grid-template-columns:minmax(90px,max-content) 1fr;gap:4px 14px;margin:0}
dt{color:var(--muted)}dd{margin:0;min-width:0;overflow-wrap:anywhere}
.party dl dd:first-of-type{font-weight:600}
.lines{margin-bottom:16px}.table-block{padding:12px 0 4px}.table-block h3{padding:0 14px}
.table-block td:first-child,.table-block th:first-child{padding-left:14px}.table-block td:last-child,.table-block th:last-child{padding-right:14px}
.lines tbody tr:nth-child(even) td{background:#fcfcfd}
.sums{display:grid;grid-template-columns:minmax(0,1fr) minmax(280px,360px);gap:14px;align-items:start}
.sums-col{display:flex;flex-direction:column;gap:14px;min-width:0}
.totals dl{grid-template-columns:1fr auto;column-gap:0}.totals dt{padding-right:14px}.totals dd{text-align:right}
.totals dt:last-of-type,.totals dd:last-of-type{font-weight:700;border-top:1px solid var(--line);padding-top:4px}
.aed{background:#fcfcfd}
.v{border-radius:4px}.v.flag{display:inline-block;padding:0 2px}
.meaning{display:block;font-size:12px;color:var(--muted)}.flag .meaning,.flag .vnote{color:#475467}
.vnote{display:block;font-size:12px;color:var(--muted);font-style:italic;max-width:36em}
.num{font-variant-numeric:tabular-nums;white-space:nowrap}
.none{color:var(--muted)}.missing{font-style:italic;color:var(--muted)}.item{color:var(--muted);font-size:12px}
.omitted{color:var(--muted);font-size:12px;margin:6px 14px}
.flag-error.v{background:var(--err-soft);box-shadow:0 0 0 2px var(--err-soft),inset 0 -2px 0 var(--err)}
.flag-warning.v{background:var(--warn-soft);box-shadow:0 0 0 2px var(--warn-soft),inset 0 -2px 0 var(--warn)}
.flag-off.v,.flag-info.v{box-shadow:inset 0 -2px 0 var(--off)}
tr.flag-error>td{background:var(--err-bg)!important}tr.flag-warning>td{background:var(--warn-bg)!important}
section.flag-error{border-color:var(--err);box-shadow:0 0 0 3px var(--err-soft)}section.flag-warning{border-color:var(--warn);box-shadow:0 0 0 3px var(--warn-soft)}
.marks{white-space:nowrap}
a.mark{text-decoration:none;display:inline-block;min-width:18px;height:18px;border-radius:999px;background:var(--err);color:#fff;font:700 11px/18px system-ui,sans-serif;text-align:center;padding:0 4px;margin-left:4px;vertical-align:1px}
a.mark.warning{background:var(--warn)}a.mark.off,a.mark.info{background:var(--off)}a.mark:hover{filter:brightness(.9)}
:target{outline:3px solid var(--link);outline-offset:2px}
li.finding:target{background:#eff8ff}
.back{margin:14px 0 0;font-size:12px}
@media (max-width:760px){.sums{grid-template-columns:1fr}}
@media (max-width:480px){.verdict{white-space:normal}dl{grid-template-columns:1fr;gap:0}dd{margin-bottom:6px}.report{padding:12px 8px 24px}.summary,.invoice{padding:14px 12px}}
@media print{body{background:#fff}.report{max-width:none;padding:0}.summary,.invoice{box-shadow:none;border:1px solid var(--line)}.invoice{break-before:page}.back,.skip{display:none}
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}.scroll{overflow:visible}th{white-space:normal}
details::details-content{content-visibility:visible;display:block}details>summary{list-style:none}li.finding{break-inside:avoid}}
`.trim();

/*
 * Added for a report in Arabic or in both languages (issue 26). Arabic letters join, so nothing Arabic is spaced
 * apart; the Arabic line of a bilingual sentence stands on its own line. A page in Arabic (`html[dir=rtl]`) mirrors
 * what the stylesheet above sets on one side: alignment, the coloured edge of an invoice and a note, the indent of
 * folded findings, the margins of marks; amounts keep their Western digits, aligned to the end of their column.
 */
export const RTL_STYLE = `
:lang(ar){letter-spacing:0}
.ar-line{display:block}html:not([dir=rtl]) .ar-line{text-align:left}
th{white-space:normal}
html[dir=rtl] body{font-size:15px}
html[dir=rtl] th{text-align:right}html[dir=rtl] .n{text-align:left}
html[dir=rtl] .invoice{border-left:0;border-right:6px solid var(--ok)}
html[dir=rtl] .invoice.invalid,html[dir=rtl] .invoice.rejected{border-right-color:var(--err)}html[dir=rtl] .invoice.unreadable{border-right-color:var(--off)}
html[dir=rtl] .note{border-left:0;border-right:4px solid #2e90fa}
html[dir=rtl] .sev{margin-right:0;margin-left:4px}html[dir=rtl] .times{margin-left:0;margin-right:4px}
html[dir=rtl] details.each ul{padding-left:0;padding-right:18px}
html[dir=rtl] .rule-text{border-left:0;padding-left:0;border-right:3px solid var(--line);padding-right:8px}
html[dir=rtl] details.caused{margin:2px 34px 0 0}
html[dir=rtl] .cur{margin-left:0;margin-right:6px}
html[dir=rtl] .table-block td:first-child,html[dir=rtl] .table-block th:first-child{padding-left:10px;padding-right:14px}
html[dir=rtl] .table-block td:last-child,html[dir=rtl] .table-block th:last-child{padding-right:10px;padding-left:14px}
html[dir=rtl] .totals dt{padding-right:0;padding-left:14px}html[dir=rtl] .totals dd{text-align:left}
html[dir=rtl] a.mark{margin-left:0;margin-right:4px}
html[dir=rtl] .skip{left:auto;right:8px}
`.trim();
