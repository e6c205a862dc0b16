import type { InvoiceView, ViewBlock, ViewRow, ViewTable, ViewValue, Words } from '../model/view.js';
import { said, type ViewWordId } from '../messages/view.js';

/** What a finding needs to be placed: its location in the document and its request field. */
export interface Placeable { field?: string; location?: string }

type Target = ViewValue | ViewRow | ViewBlock | ViewTable;

const parentLocation = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf('/')));
/** `line_items[2].tax_amount` → `line_items[2]` → `line_items`. */
const parentField = (f: string) => f.replace(/(?:\.[^.[\]]+|\[\d+\])$/, '');

/**
 * Where in an invoice view each finding is shown. Every value, row, block and table of the view gets an anchor id;
 * a finding goes to the value at its document location or the nearest ancestor of it the view shows (a finding on
 * `…/EndpointID/@schemeID` is shown at the electronic address), else to the value of its request field or the
 * nearest parent field the view shows (`line_items[2].tax_exemption_reason` → that line's row). A finding about
 * the invoice as a whole (`/Invoice`, no field) is shown only in the list at the top.
 */
export class Targets<F> {
  private readonly ids = new Map<Target, string>();
  private readonly byLocation = new Map<string, Target>();
  private readonly valueByField = new Map<string, Target>();
  private readonly containerByField = new Map<string, Target>();
  /** Fields several values share (every seller value names entity_id): a finding there goes to the container. */
  private readonly shared = new Set<string>();
  private readonly marks = new Map<Target, F[]>();
  private count = 0;

  constructor(view: InvoiceView, readonly prefix: string) {
    // Values first, so that one sharing a location with its container is the one found.
    const blocks = [view.seller, view.buyer, view.details, view.payment, view.delivery, view.totals, view.aed].filter((b): b is ViewBlock => b !== undefined);
    const tables = [view.lines, view.vat, view.charges].filter((t): t is ViewTable => t !== undefined);
    if (view.number) this.value(view.number);
    for (const b of blocks) for (const v of b.items) this.value(v);
    for (const t of tables) for (const r of t.rows) for (const c of r.cells) if (c) this.value(c);
    // A table before its rows: a finding on `line_items` is about the lines, not the one breakdown row built from them.
    for (const t of tables) this.container(t);
    for (const b of blocks) this.container(b);
    for (const t of tables) for (const r of t.rows) this.container(r);
  }

  private id(t: Target): string {
    let id = this.ids.get(t);
    if (id === undefined) this.ids.set(t, (id = `${this.prefix}-t${++this.count}`));
    return id;
  }

  private value(v: ViewValue): void {
    this.id(v);
    if (v.location !== undefined && !this.byLocation.has(v.location)) this.byLocation.set(v.location, v);
    if (v.field === undefined) return;
    if (this.valueByField.has(v.field)) this.shared.add(v.field); else this.valueByField.set(v.field, v);
  }

  private container(c: ViewRow | ViewBlock | ViewTable): void {
    this.id(c);
    if (c.location !== undefined && !this.byLocation.has(c.location)) this.byLocation.set(c.location, c);
    if (c.field !== undefined && !this.containerByField.has(c.field)) this.containerByField.set(c.field, c);
  }

  /** The value, row, block or table a finding is shown at; undefined for the invoice as a whole. */
  place(f: Placeable): Target | undefined {
    if (f.location) {
      // Stops above the root element: a finding on the whole document belongs to the list alone.
      for (let p = f.location; p.split('/').length > 2; p = parentLocation(p)) {
        const hit = this.byLocation.get(p) ?? this.byLocation.get(p.replace(/\[1\]/g, ''));
        if (hit) return hit;
      }
    }
    if (f.field) {
      for (let p = f.field, last = ''; p && p !== last; last = p, p = parentField(p)) {
        // The exact field is its value, unless several values share it; a parent field is its row or block first.
        const value = this.valueByField.get(p);
        const hit = p === f.field && value && !this.shared.has(p) ? value : this.containerByField.get(p) ?? value;
        if (hit) return hit;
      }
    }
    return undefined;
  }

  /** Shows `finding` at `target`; returns the anchor of the place. */
  mark(target: Target, finding: F): string {
    const list = this.marks.get(target);
    if (!list) this.marks.set(target, [finding]); else if (!list.includes(finding)) list.push(finding);
    return this.id(target);
  }

  /** The anchor of a place of the view, and the findings shown there. */
  at(target: Target): { id: string; findings: readonly F[] } {
    return { id: this.id(target), findings: this.marks.get(target) ?? [] };
  }

  /** A title for the place a finding is shown at ("Buyer › TRN"), for the link from the list. */
  static describe(view: InvoiceView, target: Target): Words {
    const path = (...parts: Words[]): Words => ({ join: ' › ', parts });
    const blocks = [view.seller, view.buyer, view.details, view.payment, view.delivery, view.totals, view.aed];
    for (const b of blocks) {
      if (!b) continue;
      if (b === target) return b.title;
      const item = b.items.find((i) => i === target);
      if (item) return path(b.title, item.label);
    }
    if (view.number === target) return said('place.invoice-number');
    const tables: Array<[ViewTable | undefined, ViewWordId]> = [[view.lines, 'place.line'], [view.vat, 'block.vat'], [view.charges, 'place.allowance-charge']];
    for (const [t, name] of tables) {
      if (!t) continue;
      if (t === target) return t.title ?? said(name === 'place.line' ? 'block.lines' : name);
      for (const r of t.rows) {
        // A titled table (a TDD's extract) names its rows by their first cell.
        const first = r.cells[0];
        const label: Words = t.title ? { join: ' › ', parts: [t.title, first?.words ?? first?.text ?? ''] }
          : name === 'place.line' ? (first?.text ?? '').trim() ? said('place.line-n', { n: (first?.text ?? '').trimEnd() }) : said('place.line') : said(name);
        if (r === target) return label;
        const i = r.cells.findIndex((c) => c === target);
        if (i >= 0) return { join: ' › ', parts: [label, t.columns[i]?.label ?? ''] };
      }
    }
    return said('place.invoice');
  }
}
