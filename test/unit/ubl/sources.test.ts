// The source map's compact storage (src/ubl/sources.ts) answers exactly as a plain map of every location would:
// the same sequence of writes goes to both, and every question (get, has, size, entries) gets the same answer. The
// first 100 lines of a kind go in its plain map, the lines after them are kept as shapes: both are exercised.
import { describe, expect, it } from 'vitest';
import { Sources } from '../../../src/ubl/sources.js';

/** A tiny seeded generator, so a failure names the seed that reproduces it. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}

type Write = { enter: [string, number, string] } | { set: [string, string] } | { leave: true };

/** Writes as the serializer makes them: top-level entries, then lines (items) with entries below them. */
function writes(seed: number): Write[] {
  const r = random(seed);
  const out: Write[] = [{ set: ['/Invoice/ID', 'invoice_number'] }, { set: ['/Invoice/AccountingCustomerParty', 'buyer'] }];
  const lines = 1 + Math.floor(r() * 140);
  for (let i = 1; i <= lines; i++) {
    const at = `/Invoice/InvoiceLine[${i}]`;
    const field = `line_items[${i - 1}]`;
    out.push({ enter: ['/Invoice/InvoiceLine', i, field] }, { set: [at, field] });
    out.push({ set: [`${at}/InvoicedQuantity`, `${field}.quantity`] }, { set: [`${at}/InvoicedQuantity/@unitCode`, `${field}.unit`] });
    if (r() < 0.5) out.push({ set: [`${at}/AllowanceCharge`, `${field}.line_amount`] });
    if (r() < 0.3) out.push({ set: [`${at}/Price/@currencyID`, 'currency'] });
    // A field of another line, and one that only starts like this line's: kept as they are.
    if (r() < 0.2) out.push({ set: [`${at}/Item/Name`, `line_items[${i}].description`] });
    if (r() < 0.2) out.push({ set: [`${at}/Item/Note`, `${field}0.note`] });
    out.push({ leave: true });
  }
  out.push({ set: ['/Invoice/LegalMonetaryTotal', 'line_items'] });
  return out;
}

const QUESTIONS = [
  '', '/Invoice', '/Invoice/ID', '/Invoice/InvoiceLine', '/Invoice/InvoiceLine[0]', '/Invoice/InvoiceLine[99]',
  '/Invoice/InvoiceLine[1]x', '/Invoice/InvoiceLineX[1]', '/Invoice/InvoiceLine[2]/Nothing', '/Invoice/InvoiceLine[',
  '/Invoice/InvoiceLine[101]/Nothing', '/Invoice/InvoiceLine[120]x', '/Invoice/InvoiceLine[130]/InvoicedQuantity/@none', '/Invoice/InvoiceLine[999]',
];

describe('Sources answers as a plain map of every location', () => {
  for (let seed = 1; seed <= 40; seed++) {
    it(`writes of seed ${seed}`, () => {
      const sources = new Sources();
      const plain = new Map<string, string>();
      let entered = false;
      for (const w of writes(seed)) {
        if ('enter' in w) { entered = sources.enter(...w.enter); expect(entered).toBe(w.enter[1] > 100); }
        else if ('leave' in w) { if (entered) sources.leave(); }
        else { sources.set(...w.set); plain.set(...w.set); }
      }
      for (const [location, field] of plain) {
        expect(sources.get(location), location).toBe(field);
        expect(sources.has(location), location).toBe(true);
      }
      for (const q of QUESTIONS) expect(sources.get(q), q).toBe(plain.get(q));
      expect(sources.size).toBe(plain.size);
      expect(new Map(sources.entries())).toEqual(plain);
      expect([...sources.keys()].sort()).toEqual([...plain.keys()].sort());
    });
  }

  it('shares one shape among lines built alike', () => {
    const sources = new Sources();
    for (let i = 1; i <= 1000; i++) {
      const entered = sources.enter('/Invoice/InvoiceLine', i, `line_items[${i - 1}]`);
      sources.set(`/Invoice/InvoiceLine[${i}]/Price/PriceAmount`, `line_items[${i - 1}].unit_amount`);
      if (entered) sources.leave();
    }
    expect((sources as unknown as { shapes: Map<string, unknown> }).shapes.size).toBe(1);
    expect(sources.get('/Invoice/InvoiceLine[731]/Price/PriceAmount')).toBe('line_items[730].unit_amount');
  });

  it('an item inside an item is part of it', () => {
    const sources = new Sources();
    for (let i = 1; i <= 100; i++) expect(sources.enter('/Invoice/InvoiceLine', i, `line_items[${i - 1}]`)).toBe(false);
    expect(sources.enter('/Invoice/InvoiceLine', 101, 'line_items[100]')).toBe(true);
    expect(sources.enter('/Invoice/InvoiceLine[101]/Note', 2, 'line_items[100].note')).toBe(false);
    sources.set('/Invoice/InvoiceLine[101]/Note[2]', 'line_items[100].note');
    sources.leave();
    expect(sources.get('/Invoice/InvoiceLine[101]/Note[2]')).toBe('line_items[100].note');
  });
});
