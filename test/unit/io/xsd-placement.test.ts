/** How xmllint's output is put on documents (check --xsd): by the name a message gives and by the verdict lines. */
import { describe, expect, it } from 'vitest';
import { placeXsdOutput } from '../../../src/io/xsd.js';

describe('check --xsd: placing libxml2 output', () => {
  it('a message and its context lines go to the document it names; a warning on a valid document is no error', () => {
    const out = [
      'document-0.xml validates',
      "document-1.xml:1: parser warning : Encoding 'UTF-8' doesn't match auto-detected 'UTF-16LE'",
      '<?xml version="1.0" encoding="UTF-8"?>',
      '                                    ^',
      'document-1.xml validates',
      "document-2.xml:6: Schemas validity error : Element '{urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2}Bogus': This element is not expected.",
      'document-2.xml fails to validate',
      '',
    ].join('\n');
    expect(placeXsdOutput(out, ['a', 'b', 'c'])).toEqual({
      errors: new Map([['a', []], ['b', []], ['c', ["line 6: Schemas validity error : Element 'cbc:Bogus': This element is not expected."]]]),
      unplaced: [],
    });
  });

  it('a document that fails without a message still fails, with words; unnamed lines after the last verdict are unplaced; no verdict is said', () => {
    const out = ['document-0.xml:3: ', 'document-0.xml fails to validate', 'Entity: out of memory', 'document-1.xml validates', 'xmllint: something else', ''].join('\n');
    const { errors, unplaced } = placeXsdOutput(out, ['a', 'b', 'c']);
    expect(errors.get('a')).toEqual(['does not validate against the UBL 2.1 schema (libxml2 gave no message)']);
    expect(errors.get('b')).toEqual([]);
    expect(errors.get('c')).toEqual(['the UBL 2.1 schema check gave no verdict for this file (libxml2 stopped before it)']);
    expect(unplaced).toEqual(['xmllint: something else']);
  });
});
