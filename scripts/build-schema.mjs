// Part of `npm run build`: the request-body JSON Schema compiled by ajv into a standalone CommonJS module
// (dist/schema/invoice-body.validate.cjs), so a pintae process loads a ready validator instead of ajv's compiler.
// It carries the key of what it was generated from (src/schema/body-validator.ts); a stale one is not used.
import { writeFileSync, renameSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { invoiceAjv, bodyValidatorKey, STANDALONE_FILE } = await import(join(root, 'dist/schema/body-validator.js'));
const { invoiceSchema } = await import(join(root, 'dist/schema/invoice.schema.js'));
const standaloneCode = createRequire(import.meta.url)('ajv/dist/standalone').default;

const ajv = invoiceAjv(true);
const code = `${standaloneCode(ajv, ajv.compile(invoiceSchema))}\nmodule.exports.key = ${JSON.stringify(bodyValidatorKey())};\n`;
const target = join(root, 'dist/schema', STANDALONE_FILE);
writeFileSync(`${target}.tmp`, code);
renameSync(`${target}.tmp`, target);
