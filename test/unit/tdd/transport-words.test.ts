/**
 * qa10 item 3: `pintae tdd` of a credit note warned about "the invoice's Peppol message" when it made the transport
 * id up. The warning names the document the TDD reports (its source's root: CreditNote), on the command line (English
 * and Arabic, src/messages/cli.ts), in pintae serve's pintae-warning header and in the library's warnings.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createValidator, type Validator } from '../../../dist/validator.js';
import { CLI } from '../../../src/messages/cli.js';
import { serveTask, type ServeEnv } from '../../../src/serve/work.js';
import { tddOfXml, type SourceDocument } from '../../../src/tdd/run.js';
import { fixtureEnv } from '../../helpers/pipeline.js';
import { ENTITY, FIXTURES } from '../../helpers/paths.js';

let validator: Validator;
let invoice: string;
let creditNote: string;
const ISSUED = '2025-02-06T08:00:00+04:00';

beforeAll(async () => {
  validator = await createValidator({ entity: ENTITY, today: '2026-11-22', deterministic: true, config: false, tdd: { receiver: '0242:000773', representative: '0242:000001' } });
  invoice = validator.validate(JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'))).xml!;
  // The same document as a UBL CreditNote (381): root, type code, lines.
  creditNote = invoice.replace('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"', '<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"')
    .replace('</Invoice>', '</CreditNote>').replace('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>')
    .replace(/InvoiceLine>/g, 'CreditNoteLine>').replace(/InvoicedQuantity/g, 'CreditedQuantity');
});

describe('a transport id made up names the document it stands for (qa10 item 3)', () => {
  it('the TDD run tells the id maker what the TDD reports', () => {
    const told: SourceDocument[] = [];
    const options = { receiver: '0242:000773', representative: '0242:000001', issued: ISSUED, type: 'F' as const, transportId: (d: SourceDocument) => { told.push(d); return '22222222-3333-4444-5555-666666666666'; } };
    expect(tddOfXml(creditNote, undefined, options).ok).toBe(true);
    expect(tddOfXml(invoice, undefined, options).ok).toBe(true);
    expect(told).toEqual(['credit_note', 'invoice']);
  });

  it('the command line says it, in English and Arabic', () => {
    const said = CLI['cli.tdd-generated'];
    expect(said.en({ id: 'X', document: 'credit_note' })).toBe("no --transport-id: the TDD carries a generated one, X; give the transport header id of the credit note's Peppol message");
    expect(said.en({ id: 'X', document: 'invoice' })).toMatch(/of the invoice's Peppol message$/);
    expect(said.ar({ id: 'X', document: 'credit_note' })).toMatch(/لرسالة Peppol الخاصة بالإشعار الدائن$/);
    expect(said.ar({ id: 'X', document: 'invoice' })).toMatch(/لرسالة Peppol الخاصة بالفاتورة$/);
  });

  it('the library and pintae serve say it of a credit note', () => {
    // Type F (a TDS) reports the document whatever its findings (the credit note lacks its invoice reference).
    const r = validator.tdd(creditNote, { issued: ISSUED, type: 'F' });
    expect(r.warnings).toEqual([expect.stringMatching(/^no transportId: the TDD carries a generated one, [0-9a-f-]{36}; give the transport header id of the credit note's Peppol message$/)]);
    const env: ServeEnv = { pipeline: fixtureEnv(), rules: {}, gates: { failSeverity: 'error' }, tdd: { receiver: '0242:000773', representative: '0242:000001' } };
    const answer = serveTask({ op: 'tdd', bytes: new TextEncoder().encode(creditNote), query: { type: 'F', issued: ISSUED }, lang: 'en' }, env);
    expect(answer.status).toBe(200);
    expect(answer.headers?.['pintae-warning']).toMatch(/give the transport header id of the credit note's Peppol message$/);
  });
});
