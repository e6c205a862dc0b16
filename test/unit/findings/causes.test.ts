import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/model/types.js';
import { linkByMeaning, linkByRenaming, responseOrder, UNKNOWN_FIELD, withCauses, type Links } from '../../../src/findings/causes.js';
import { closest, didYouMean } from '../../../src/codelists/closest.js';
import { renamedAsSuggested, valueAt } from '../../../src/findings/paths.js';
import { agreed, standInBodies } from '../../../src/findings/stand-ins.js';
import { fold } from '../../../src/formatters/fold.js';

const f = (rule: string | undefined, field: string, severity: Finding['severity'] = 'error', message = `${rule} on ${field}`): Finding =>
  ({ message, section: 'invoice_header', severity, ...(rule ? { rule } : {}), field });

describe('cause links (issue 12, one mistake one finding)', () => {
  it('an unknown currency causes the findings on currency and, with no rate sent, on exchange_rate', () => {
    const root = f('ibr-cl-04', 'currency');
    const amounts = f('ibr-cl-03', 'currency');
    const rate = f('ibr-159-ae', 'exchange_rate');
    const other = f('ibr-127-ae', 'due_date');
    const links: Links = new Map();
    linkByMeaning([root, amounts, rate, other], { unreadable: [], engine: new Set([root, other]), rateSent: false }, links);
    expect(links.get(amounts)).toBe(root);
    expect(links.get(rate)).toBe(root);
    expect(links.has(other)).toBe(false);
    expect(links.has(root)).toBe(false);
  });

  it('a missing rate (BTUAE-04 at currency) causes what the PINT-AE rules say about exchange_rate', () => {
    const root = f('BTUAE-04', 'currency');
    const a = f('ibr-159-ae', 'exchange_rate');
    const b = f('ibr-175-ae', 'exchange_rate');
    const links: Links = new Map();
    linkByMeaning([root, a, b], { unreadable: [], engine: new Set([root]), rateSent: false }, links);
    expect([links.get(a), links.get(b)]).toEqual([root, root]);
  });

  it('an unreadable category causes the findings on its own line only', () => {
    const root = f('ibr-139-ae', 'line_items[1].tax_category');
    const same = f('aligned-ibrp-e-09', 'line_items[1].tax_amount');
    const elsewhere = f('ibr-190-ae', 'line_items[0].tax_amount');
    const links: Links = new Map();
    linkByMeaning([root, same, elsewhere], { unreadable: [], engine: new Set([root, elsewhere]), rateSent: true }, links);
    expect(links.get(same)).toBe(root);
    expect(links.has(elsewhere)).toBe(false);
  });

  it('a value of the wrong type causes the findings at or inside its field', () => {
    const root = f(undefined, 'buyer.country');
    const inside = f('ibr-cl-14', 'buyer.country');
    const links: Links = new Map();
    linkByMeaning([root, inside], { unreadable: [root], engine: new Set(), rateSent: true }, links);
    expect(links.get(inside)).toBe(root);
  });

  it('a misspelled key causes the findings that go away once it is renamed to its suggestion', () => {
    const typo = { ...f(UNKNOWN_FIELD, 'line_items[1].tax_categroy', 'warning'), suggestion: 'tax_category' };
    const vat = f('ibr-190-ae', 'line_items[1].tax_amount');
    const independent = f('ibr-127-ae', 'due_date');
    const links: Links = new Map();
    linkByRenaming([vat, independent, typo], { all: [f('ibr-127-ae', 'due_date')] }, links);
    expect(links.get(vat)).toBe(typo);
    expect(links.has(independent)).toBe(false);
  });

  it('several keys: a finding follows from the key whose renaming alone makes it go, wherever the finding is (issue 24 item 7)', () => {
    const date = { ...f(UNKNOWN_FIELD, 'invoice_date', 'warning'), suggestion: 'date' };
    const category = { ...f(UNKNOWN_FIELD, 'line_items[0].tax_categroy', 'warning'), suggestion: 'tax_category' };
    const other = f(UNKNOWN_FIELD, 'crm_code', 'warning');
    const required = f(undefined, 'date');
    const total = f(undefined, 'total_tax');
    const vat = f('ibr-190-ae', 'line_items[0].tax_amount');
    const findings = [required, total, vat, date, category, other];
    const links: Links = new Map();
    // Renamed alone, invoice_date takes "date is required" away; tax_categroy the two VAT errors.
    const each = (typo: Finding) => (typo === date ? [total, vat] : [required]).map((x) => ({ ...x }));
    linkByRenaming(findings, { all: [], each }, links);
    expect([links.get(required), links.get(total), links.get(vat)]).toEqual([date, category, category]);
    // A key with no suggestion is never in a renamed judgement, and is never a consequence: a root of its own.
    expect(links.has(other)).toBe(false);
    expect(links.has(date) || links.has(category)).toBe(false);
  });

  it('cause is the index of the root in errors-then-warnings, chains followed to their root', () => {
    const typo = f(UNKNOWN_FIELD, 'x', 'warning');
    const engine = f('ibr-190-ae', 'line_items[0].tax_amount');
    const pint = f('aligned-ibrp-s-09', 'line_items[0].tax_amount');
    const links: Links = new Map([[pint, engine], [engine, typo]]);
    const ordered = withCauses(responseOrder([typo, engine, pint]), links);
    expect(ordered.map((x) => x.cause)).toEqual([2, 2, undefined]);
    expect(ordered[2]!.rule).toBe(UNKNOWN_FIELD);
  });

  it('a loop of links leaves no finding without a root', () => {
    const a = f('a', 'x');
    const b = f('b', 'x');
    const ordered = withCauses([a, b], new Map([[a, b], [b, a]]));
    expect(fold(ordered).length).toBeGreaterThan(0);
    expect(fold(ordered).flatMap((g) => [g.root, ...g.dependents])).toHaveLength(2);
  });
});

describe('fold (stylish, github)', () => {
  it('roots in order, each with its dependents; a cause that points nowhere or at a dependent is not trusted', () => {
    const list = [{ id: 0 }, { id: 1, cause: 0 }, { id: 2 }, { id: 3, cause: 0 }, { id: 4, cause: 9 }, { id: 5, cause: 1 }];
    expect(fold(list).map((g) => [g.root.id, g.dependents.map((d) => d.id)])).toEqual([[0, [1, 3]], [2, []], [4, []], [5, []]]);
  });
});

describe('closest', () => {
  it('names the nearest codes of a list, none for a value far from all', () => {
    expect(closest('AEX', ['AED', 'USD', 'EUR'])).toEqual(['AED']);
    expect(didYouMean('aex', ['AED', 'USD'])).toBe(' — did you mean "AED"?');
    expect(didYouMean('Marina Plaza, Dubai, United Arab Emirates, PO Box 1234', ['AE'])).toBe('');
    expect(closest('tax_categroy', ['tax_category', 'tax_amount'], 1)).toEqual(['tax_category']);
  });
});

describe('paths and stand-ins', () => {
  it('renames a misspelled key to its suggestion, leaving the body as sent', () => {
    const body = { line_items: [{ tax_categroy: 'E' }] };
    const warning = { ...f(UNKNOWN_FIELD, 'line_items[0].tax_categroy', 'warning'), suggestion: 'tax_category' };
    const renamed = renamedAsSuggested(body, [warning]);
    expect(valueAt(renamed, 'line_items[0].tax_category')).toBe('E');
    expect(valueAt(body, 'line_items[0].tax_categroy')).toBe('E');
  });

  it('two unlike stand-ins for a value, none for a whole record', () => {
    const [a, b] = standInBodies({ currency: 5, line_items: [] }, ['currency'])!;
    expect(a.currency).not.toBe(b.currency);
    expect(standInBodies({}, ['buyer'])).toBeUndefined();
  });

  it('agreed keeps what both runs found alike', () => {
    const x = f('r', 'a');
    expect(agreed([x, f('s', 'b', 'error', 'one')], [f('r', 'a'), f('s', 'b', 'error', 'two')])).toEqual([x]);
  });
});
