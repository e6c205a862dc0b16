/** The gateway's sender check (spec 2.3.4, 7.1) on documents built by the pipeline. */
import { describe, expect, it } from 'vitest';
import { gatewayCheck, NOT_PARTNER, sendingOrganisation } from '../../../src/sandbox/gateway.js';
import type { EntityRecord } from '../../../src/sandbox/store.js';
import { validateFile } from '../../helpers/pipeline.js';
import { FIXTURES } from '../../helpers/paths.js';

const outcome = validateFile(`${FIXTURES}/invoices/standard.json`);
const xml = outcome.kind === 'validated' ? outcome.xml! : '';
const entity = (registry_code?: string): EntityRecord => ({
  entity_id: 'ent_al_noor', account_id: 'a', user_id: null, applications: ['app'], created_at: '', updated_at: '', ...(registry_code ? { registry_code } : {}),
});

describe('gateway partner check', () => {
  it("reads the sender from the seller's PartyLegalEntity/CompanyID", () => {
    expect(sendingOrganisation(xml)).toEqual({ id: '1001234567', scheme: '0235' });
  });

  it("passes the entity's own registry code", () => {
    expect(gatewayCheck(xml, entity('1001234567'))).toBeUndefined();
  });

  it('refuses with 403 another code, an entity without one, a missing entity, and a document without the element', () => {
    for (const [doc, e] of [[xml, entity('1999999999')], [xml, entity()], [xml, undefined], [xml.replace(/<cac:PartyLegalEntity>(?:(?!<\/cac:PartyLegalEntity>).)*?1001234567<\/cbc:CompanyID>/s, '<cac:PartyLegalEntity><cbc:RegistrationName>X</cbc:RegistrationName>'), entity('1001234567')], ['not xml', entity('1001234567')]] as const) {
      expect(gatewayCheck(doc, e)).toMatchObject({ status_code: 403, message: NOT_PARTNER, section: 'seller_party' });
    }
  });

  it('refuses the registry code under a scheme other than 0235', () => {
    expect(gatewayCheck(xml.replace(/(<cbc:CompanyID schemeID=")0235(" schemeAgencyID="PAS")/, '$10088$2'), entity('1001234567'))).toMatchObject({ status_code: 403 });
  });
});
