/*
 * Reading a UBL tree for the invoice view: children by local name within the UBL component namespaces, and values
 * that keep their place (location, and the request field the source map gives for it).
 */
import type { XElement } from '../xpath/api.js';
import { location } from '../xpath/location.js';
import { textOf } from '../io/xml.js';
import type { ViewItem, ViewSource, ViewValue, Words } from '../model/view.js';

const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const UBL = new Set([CAC, CBC]);

/** Location → request field (validate: the built document's source map); absent for `check`. */
export type FieldOf = (location: string) => string | undefined;

export class UblReader {
  constructor(private readonly fieldOf: FieldOf = () => undefined) {}

  /** The first element at the end of a path of local names (`PostalAddress/Country/IdentificationCode`). */
  at(from: XElement | undefined, path: string): XElement | undefined {
    let e = from;
    for (const step of path.split('/')) {
      if (!e) return undefined;
      e = e.elements.find((c) => c.local === step && UBL.has(c.ns));
    }
    return e;
  }

  /** Every child of that local name. */
  all(from: XElement | undefined, local: string): XElement[] {
    return from ? from.elements.filter((c) => c.local === local && UBL.has(c.ns)) : [];
  }

  source(e: XElement | undefined): ViewSource {
    if (!e) return {};
    const at = location(e);
    const field = this.fieldOf(at);
    return field === undefined ? { location: at } : { location: at, field };
  }

  /** An element's text as a value; undefined when the element is absent or blank. */
  value(e: XElement | undefined, extra: Omit<ViewValue, 'text' | 'location' | 'field'> = {}): ViewValue | undefined {
    if (!e) return undefined;
    const text = textOf(e);
    if (text.trim() === '') return undefined;
    return { text, ...this.source(e), ...extra };
  }

  /** The value at `path` from `from`, labelled, or nothing. */
  item(label: Words, from: XElement | undefined, path: string, extra: Omit<ViewValue, 'text' | 'location' | 'field'> = {}): ViewItem[] {
    const v = this.value(this.at(from, path), extra);
    return v ? [{ label, ...v }] : [];
  }

  /** An amount: its text, and the currency it is stated in when that differs from `currency`. */
  amount(e: XElement | undefined, currency?: string): ViewValue | undefined {
    const v = this.value(e, { numeric: true });
    const id = e ? attr(e, 'currencyID') : undefined;
    if (v && id !== undefined && id !== currency) v.meaning = id;
    return v;
  }
}

export function attr(e: XElement, local: string): string | undefined {
  return e.attrs.find((a) => a.local === local && a.ns === '')?.value;
}

/** Labelled items, skipping the absent ones. */
export const labelled = (label: Words, v: ViewValue | undefined): ViewItem[] => (v ? [{ label, ...v }] : []);

/** `{meaning}` when there is one, to spread into a value. */
export const withMeaning = (meaning: Words | undefined): { meaning?: Words } => (meaning ? { meaning } : {});
