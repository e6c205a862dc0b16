/**
 * ERP developers generate clients from serve's OpenAPI document (qaserve): without operationIds, generators name the
 * methods from paths and verbs (`postV1Validate`, `getHealthz`) or not at all. Every operation has one, unique.
 */
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../src/serve/openapi.js';

describe('serve\'s OpenAPI document', () => {
  it('names every operation with a unique operationId a code generator can use as a method name', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { operationId?: string }>>;
    const operations = Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ at: `${method} ${path}`, id: op.operationId })));
    expect(operations.length).toBeGreaterThanOrEqual(9);
    expect(operations.filter((o) => !o.id || !/^[a-z][A-Za-z0-9]*$/.test(o.id)).map((o) => o.at)).toEqual([]);
    expect(new Set(operations.map((o) => o.id)).size).toBe(operations.length);
  });
});
