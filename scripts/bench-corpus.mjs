// The benchmark's generated corpus (scripts/bench.mjs): deterministic, written to a temporary directory, never committed.
// Each invoice takes the shape of one of the valid fixtures in turn (every tax category, exports, deemed supply,
// margin scheme, discounts, foreign currency with and without exchange_rate) and 1–50 lines; every fifth AED invoice
// of a plain shape is re-issued in USD, EUR or GBP on a date of fixtures/rates/cbuae-2025.csv, half of them with the
// rate given in the body and half looked up in the table.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PLAIN = new Set(['standard.json', 'discount.json', 'zero-rated.json', 'mixed-categories.json']);

function rateRows(root) {
  return readFileSync(join(root, 'fixtures/rates/cbuae-2025.csv'), 'utf8').trim().split('\n').slice(1)
    .map((line) => { const [date, currency, rate] = line.split(','); return { date, currency, rate: Number(rate) }; });
}

/** n invoices as plain objects (the same n always gives the same corpus). */
export function corpus(root, n) {
  const names = readdirSync(join(root, 'fixtures/invoices')).filter((f) => f.endsWith('.json')).sort();
  const fixtures = names.map((f) => ({ name: f, body: JSON.parse(readFileSync(join(root, 'fixtures/invoices', f), 'utf8')) }));
  const rates = rateRows(root);
  const out = [];
  for (let i = 0; i < n; i++) {
    const { name, body } = fixtures[i % fixtures.length];
    const invoice = structuredClone(body);
    invoice.invoice_number = `BENCH-${String(i).padStart(5, '0')}`;
    const lines = 1 + ((i * 7) % 50);
    const template = invoice.line_items;
    invoice.line_items = Array.from({ length: lines }, (_, k) => ({ ...template[k % template.length], description: `${template[k % template.length].description} #${k + 1}` }));
    delete invoice.sub_total; delete invoice.total_tax; delete invoice.total;
    if (PLAIN.has(name) && (invoice.currency ?? 'AED') === 'AED' && Math.floor(i / fixtures.length) % 5 === 0) {
      const row = rates[(i * 11) % rates.length];
      invoice.currency = row.currency;
      invoice.date = row.date;
      if (i % 2 === 0) invoice.exchange_rate = row.rate; else delete invoice.exchange_rate;
    }
    out.push(invoice);
  }
  return out;
}

/** Writes the corpus as one file per invoice; returns the number of lines. */
export function writeCorpus(root, dir, n) {
  const invoices = corpus(root, n);
  invoices.forEach((inv, i) => writeFileSync(join(dir, `inv-${String(i).padStart(5, '0')}.json`), JSON.stringify(inv)));
  return invoices.reduce((s, inv) => s + inv.line_items.length, 0);
}

/**
 * One invoice of `lines` lines (issue 11: a 20,000- and a 100,000-line invoice), the lines of the standard fixture in
 * turn, each with its own description; valid with the fixtures' entity. Compact JSON, as the corpus.
 */
export function largeInvoice(root, lines) {
  const invoice = JSON.parse(readFileSync(join(root, 'fixtures/invoices/standard.json'), 'utf8'));
  const template = invoice.line_items;
  invoice.invoice_number = `LARGE-${lines}`;
  invoice.line_items = Array.from({ length: lines }, (_, k) => ({ ...template[k % template.length], description: `${template[k % template.length].description} #${k + 1}` }));
  return JSON.stringify(invoice);
}
