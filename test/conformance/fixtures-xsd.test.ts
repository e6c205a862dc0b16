import { describe, expect, it } from 'vitest';
import { HAVE_XSD, XSD_DIR, validateManyAgainstUblXsd } from '../helpers/xsd.js';
import { builtFixtureDocuments as builtDocuments } from '../helpers/pipeline.js';

if (!HAVE_XSD) console.warn(`SKIPPED: UBL 2.1 XSD not found under ${XSD_DIR} (set PINTAE_OFFICIAL_DIR)`);

describe.skipIf(!HAVE_XSD)('issue 2 item 7: every XML pintae writes validates against the UBL 2.1 Invoice XSD', () => {
  it('all fixtures', async () => {
    const docs = builtDocuments();
    expect(docs.length).toBeGreaterThanOrEqual(24);
    const errors = await validateManyAgainstUblXsd(docs);
    const failing = [...errors].filter(([, e]) => e.length > 0);
    expect(failing).toEqual([]);
  });

  it('the check can fail: a document with an element out of XSD order is reported', async () => {
    const [doc] = builtDocuments();
    const broken = doc!.xml.replace(/(<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)([\s\S]*?<cbc:InvoiceTypeCode>[^<]*<\/cbc:InvoiceTypeCode>)/, '$2$1');
    const errors = await validateManyAgainstUblXsd([{ name: 'broken', xml: broken }]);
    expect(errors.get('broken')!.length).toBeGreaterThan(0);
  });
});
