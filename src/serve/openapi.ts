/**
 * The OpenAPI 3.1 description of `pintae serve` (GET /openapi.json). Its schemas are JSON Schema 2020-12: the tests
 * check the server's real answers against them.
 */
import { PINTAE_VERSION } from '../version.js';

const entry = {
  type: 'object', required: ['message', 'section'],
  properties: {
    message: { type: 'string' }, section: { type: 'string' }, rule: { type: 'string' }, field: { type: 'string' },
    location: { type: 'string' }, line: { type: 'integer', minimum: 1 }, column: { type: 'integer', minimum: 1 },
    suggestion: {}, cause: {}, rule_text: { type: 'string' },
  },
};

const schemas = {
  ValidationResult: {
    description: 'The service\'s dry-run answer (spec 2.10): exactly what `pintae validate` gives as a result\'s `response`.',
    type: 'object', required: ['message', 'data'],
    properties: {
      message: { type: 'string' },
      data: {
        type: 'object', required: ['is_valid', 'entity_id', 'invoice_number', 'total_errors', 'errors', 'warnings'],
        properties: {
          is_valid: { type: 'boolean' }, entity_id: { type: ['string', 'null'] }, invoice_number: { type: ['string', 'null'] },
          total_errors: { type: 'integer', minimum: 0 },
          errors: { type: 'array', items: { $ref: '#/components/schemas/Entry' } },
          warnings: { type: 'array', items: { $ref: '#/components/schemas/Entry' } },
        },
      },
    },
  },
  Entry: entry,
  RequestInvalid: {
    description: 'A request refused before validation: an invalid registration type (spec 4.2), or a body that is not JSON text.',
    type: 'object', required: ['message', 'errors'],
    properties: {
      message: { type: 'string' },
      errors: {
        type: 'array', minItems: 1,
        items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' }, section: { type: 'string' }, line: { type: 'integer' }, column: { type: 'integer' } } },
      },
    },
  },
  Report: {
    description: 'The report of `pintae validate --format json` (or check) on the body: docs/reference/reports.md.',
    type: 'object', required: ['results', 'summary'],
    properties: {
      overrides: { type: 'array' },
      results: {
        type: 'array',
        items: {
          type: 'object', required: ['file', 'index', 'valid', 'rejected', 'response'],
          properties: {
            file: { type: 'string' }, index: { type: ['integer', 'null'] }, valid: { type: 'boolean' }, rejected: { type: 'boolean' },
            response: { oneOf: [{ $ref: '#/components/schemas/ValidationResult' }, { $ref: '#/components/schemas/RequestInvalid' }, { type: 'null' }] },
            error: { type: 'object', required: ['message'], properties: { message: { type: 'string' }, message_en: { type: 'string' }, line: { type: 'integer' }, column: { type: 'integer' } } },
            findings: {
              description: 'With ?lang=ar or en+ar: every finding as the reports list them, `message` in the language and `message_en` the English (`response` stays the service\'s English).',
              type: 'object', required: ['errors', 'warnings', 'notes'],
              properties: Object.fromEntries(['errors', 'warnings', 'notes'].map((k) => [k, { type: 'array', items: { $ref: '#/components/schemas/SaidFinding' } }])),
            },
            pintae_findings: { type: 'array' },
            position: { type: 'object' }, rule_set: { type: 'object' }, document: { type: 'string', enum: ['invoice', 'credit_note', 'tdd', 'other'] }, suppressed: { type: 'array' }, xml: { type: ['string', 'null'] },
          },
        },
      },
      summary: {
        type: 'object', required: ['files', 'invoices', 'valid', 'invalid', 'rejected', 'unreadable', 'warnings'],
        properties: { files: { type: 'integer' }, invoices: { type: 'integer' }, valid: { type: 'integer' }, invalid: { type: 'integer' }, rejected: { type: 'integer' }, unreadable: { type: 'integer' }, warnings: { type: 'integer' }, suppressed: { type: 'integer' }, gate: { type: 'object' } },
      },
    },
  },
  SaidFinding: {
    description: 'A finding said in the report\'s language (?lang=): `message` in it, `message_en` the English; `hint` and `hint_en` likewise.',
    type: 'object', required: ['message', 'message_en'],
    properties: { message: { type: 'string' }, message_en: { type: 'string' }, hint: { type: 'string' }, hint_en: { type: 'string' } },
  },
  TddRefused: {
    description: 'No TDD. With ?lang=ar or en+ar, `error` and each finding say `message` in the language, with `message_en` the English.',
    type: 'object', required: ['message', 'findings'],
    properties: {
      message: { type: 'string' },
      error: { type: 'object', required: ['message'], properties: { message: { type: 'string' }, message_en: { type: 'string' }, line: { type: 'integer' }, column: { type: 'integer' } } },
      findings: { type: 'array', items: { type: 'object', required: ['message', 'section', 'severity'], properties: { message: { type: 'string' }, message_en: { type: 'string' }, section: { type: 'string' }, severity: { enum: ['error', 'warning', 'info'] } } } },
    },
  },
  Message: {
    type: 'object', required: ['message'],
    properties: { message: { type: 'string' }, request_id: { type: 'string' } },
  },
  Health: {
    type: 'object', required: ['status', 'message'],
    properties: { status: { enum: ['ok', 'ready', 'starting', 'draining'] }, workers: { type: 'integer', minimum: 0 }, message: { type: 'string' } },
  },
};

const ref = (name: keyof typeof schemas) => ({ $ref: `#/components/schemas/${name}` });
const jsonOf = (name: keyof typeof schemas, description: string) => ({ description, content: { 'application/json': { schema: ref(name) } } });
/** A 400 of a JSON route: a body that is not JSON text (located), or a query parameter the route does not take. */
const refused = (description: string, ...more: Array<keyof typeof schemas>) =>
  ({ description, content: { 'application/json': { schema: { anyOf: [...more, 'RequestInvalid', 'Message'].map((n) => ref(n as keyof typeof schemas)) } } } });
const xmlText = (description: string) => ({ description, content: { 'application/xml': { schema: { type: 'string' } } } });
const common = {
  '401': jsonOf('Message', 'The server was started with --token-file and the request has no bearer token, or another one.'),
  '408': jsonOf('Message', 'The headers (10 s) or the whole request (--request-timeout) did not arrive in time; the connection is closed.'),
  '413': jsonOf('Message', 'The body is larger than --max-body.'),
  '415': jsonOf('Message', 'The body was sent in a content coding (Content-Encoding: gzip, …): bodies are read as sent; the answer carries Accept-Encoding: identity. Or the body is a multipart form (Content-Type: multipart/…, curl -F): send the document itself as the body.'),
  '500': jsonOf('Message', 'An internal fault, or the worker handling the request died (it is replaced); the message names the request id.'),
  '503': { ...jsonOf('Message', 'Every worker is busy and the queue is full (or as many bodies as it holds are being received), or the server is shutting down (a request that reached no worker before the drain ended): retry after Retry-After seconds, elsewhere when shutting down.'), headers: { 'Retry-After': { schema: { type: 'integer' } } } },
};
const invoiceBody = { required: true, content: { 'application/json': { schema: { description: 'An invoice request body (spec 2.1), or for /v1/validate a bulk body {invoices: [...]} or an array.' } } } };
const formatParam = {
  name: 'format', in: 'query', required: false,
  description: 'The report format (default: from Accept, else json).',
  schema: { enum: ['json', 'sarif', 'junit', 'html', 'ndjson', 'stylish', 'github'] },
};
const langParams = [
  {
    name: 'lang', in: 'query', required: false,
    description: 'The language of the report (issue 26): en (the default), ar, or en+ar (both, English first). Findings, hints, verdicts and the summary are said in it; `response` stays the service\'s English. Wins over Accept-Language.',
    schema: { enum: ['en', 'ar', 'en+ar'] },
  },
  {
    name: 'Accept-Language', in: 'header', required: false,
    description: 'When there is no ?lang=: the language among ar and en (ar-AE is ar, * is en) with the highest q weight chooses the report\'s language (equal weights: the first listed; q=0 refuses it); anything else is English.',
    schema: { type: 'string' },
  },
];
const reportAnswer = (description: string) => ({
  description,
  content: {
    'application/json': { schema: ref('Report') }, 'application/sarif+json': { schema: { type: 'object' } }, 'application/xml': { schema: { type: 'string' } },
    'text/html': { schema: { type: 'string' } }, 'application/x-ndjson': { schema: { type: 'string' } }, 'text/plain': { schema: { type: 'string' } },
  },
});
const tddParams = ['type', 'role', 'scope', 'reporter', 'receiver', 'representative', 'transport-id', 'issued']
  .map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' }, description: `As \`pintae tdd --${name}\`.` }));
const probe = (operationId: string, description: string, ok: string) => ({
  get: { operationId, summary: description, security: [], responses: { '200': jsonOf('Health', ok), '503': jsonOf('Health', 'Not ready (starting, or draining after SIGTERM).') } },
});

export function openApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'pintae serve', version: PINTAE_VERSION, description: 'The stateless PINT-AE validation service: the service\'s dry run and pintae\'s own endpoints, on a warm worker pool.' },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Only when the server was started with --token-file.' } } },
    security: [{}, { bearer: [] }],
    paths: {
      '/oauth/invoices/validate': {
        post: {
          operationId: 'serviceDryRun',
          summary: 'The service\'s dry run (spec 4.2): 200 whether or not valid; 400 for an invalid registration type. Always the service\'s English: no ?lang=, and Accept-Language is not read.',
          requestBody: invoiceBody,
          responses: { '200': jsonOf('ValidationResult', 'The validation result (spec 2.10).'), '400': refused('An invalid registration type, a body that is not JSON text, or a query parameter.'), ...common },
        },
      },
      '/v1/validate': {
        post: {
          operationId: 'validate',
          summary: 'pintae\'s full report on one invoice body or a bulk body, in any report format.',
          parameters: [formatParam, ...langParams], requestBody: invoiceBody,
          responses: { '200': reportAnswer('The report.'), '400': refused('A body that is not text, or an unknown format, language or query parameter.'), '406': jsonOf('Message', 'No report format of the Accept type.'), ...common },
        },
      },
      '/v1/build': {
        post: {
          operationId: 'build',
          summary: 'The UBL XML of one valid invoice.',
          requestBody: invoiceBody,
          responses: { '200': xmlText('The UBL invoice or credit note the service would deliver.'), '400': refused('The body is not JSON (the report says where), or holds more than one invoice.', 'Report'), '422': jsonOf('Report', 'The invoice is not valid: the report says why.'), ...common },
        },
      },
      '/v1/check': {
        post: {
          operationId: 'check',
          summary: 'A UBL invoice or credit note, or a TDD, through well-formedness and the PINT-AE (or TDD) rules.',
          parameters: [formatParam, ...langParams], requestBody: { required: true, content: { 'application/xml': { schema: { type: 'string' } } } },
          responses: { '200': reportAnswer('The report.'), '400': jsonOf('Message', 'An unknown format or language.'), '406': jsonOf('Message', 'No report format of the Accept type.'), ...common },
        },
      },
      '/v1/tdd': {
        post: {
          operationId: 'tdd',
          summary: 'The Tax Data Document of one invoice (JSON request body or UBL XML).',
          parameters: [...tddParams, ...langParams],
          requestBody: { required: true, content: { 'application/json': { schema: {} }, 'application/xml': { schema: { type: 'string' } } } },
          responses: {
            '200': { ...xmlText('The TDD.'), headers: { 'Pintae-Warning': { schema: { type: 'string' }, description: 'A transport id was generated.' } } },
            '400': refused('An option that is not usable, or a body that cannot be read.'), '422': jsonOf('TddRefused', 'No TDD: the invoice is not valid or lacks what a TDD reports.'), ...common,
          },
        },
      },
      '/healthz': probe('liveness', 'Liveness: the process answers.', 'Alive.'),
      '/readyz': probe('readiness', 'Readiness: the rules are compiled and a worker is warm.', 'Ready.'),
      '/metrics': { get: { operationId: 'metrics', summary: 'Prometheus metrics (text format 0.0.4).', responses: { '200': { description: 'The metrics.', content: { 'text/plain': { schema: { type: 'string' } } } }, '401': common['401'] } } },
      '/openapi.json': { get: { operationId: 'openApi', summary: 'This document.', responses: { '200': { description: 'OpenAPI 3.1.', content: { 'application/json': { schema: { type: 'object' } } } }, '401': common['401'] } } },
    },
  };
}
