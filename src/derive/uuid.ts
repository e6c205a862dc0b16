import { createHash, randomUUID } from 'node:crypto';

/** The namespace of pintae's deterministic invoice UUIDs (a v5 UUID of the name "pintae.invoice"). */
const NAMESPACE = '0f3c7c1e-54d5-5d0e-9a52-2d3f4b1f6a10';

/** RFC 4122 version-5 UUID of `name` in `namespace`. */
export function uuidV5(name: string, namespace = NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type UuidMode = { kind: 'random' } | { kind: 'fixed'; value: string } | { kind: 'deterministic' };

/** DESIGN (determinism): a given UUID, a v5 UUID of entity_id + invoice_number, or a random one. */
export function invoiceUuid(mode: UuidMode, entityId: string, invoiceNumber: string): string {
  if (mode.kind === 'fixed') return mode.value;
  if (mode.kind === 'deterministic') return uuidV5(`${entityId}\u0000${invoiceNumber}`);
  return randomUUID();
}
