/**
 * A 404 from a path that names no entity or invoice (the entity list, an entity's creation, the users) cannot mean
 * "the entity does not exist": the endpoint is not there, most often a base URL with a path too many
 * (PINTAE_BASE_URL=https://host/api against a service at https://host). Found against `pintae sandbox`.
 */
import { describe, expect, it } from 'vitest';
import { NET_MESSAGES } from '../../../src/messages/net.js';

const said = (method: string, path: string) => ({
  en: NET_MESSAGES['net.http-error'].en({ method, path, status: 404, detail: `No endpoint /api${path}` }),
  ar: NET_MESSAGES['net.http-error'].ar({ method, path, status: 404, detail: `No endpoint /api${path}` }),
});

describe('HTTP 404 in words, by what the path names', () => {
  it('the entity list, an entity created, the users: no such endpoint here — check the base URL', () => {
    for (const [method, path] of [['GET', '/oauth/entities'], ['GET', '/oauth/entities?user_id=u_1'], ['POST', '/oauth/entities'], ['POST', '/oauth/users']] as const) {
      const { en, ar } = said(method, path);
      expect(en).not.toMatch(/entity does not exist/);
      expect(en).toMatch(/no such endpoint at this base URL/);
      expect(en).toMatch(/PINTAE_BASE_URL/);
      expect(ar).toMatch(/PINTAE_BASE_URL/);
    }
  });

  it('an entity by its id, a push: the entity may not exist or not belong to the application, as before', () => {
    for (const path of ['/oauth/entities/ent_x', '/oauth/invoices']) expect(said('POST', path).en).toMatch(/the entity does not exist/);
    expect(said('GET', '/oauth/invoices/abc/status').en).toMatch(/no such invoice/);
  });
});
