import { randomUUID } from 'node:crypto';
import { parseJson } from '../io/json.js';
import { readXmlDocument } from '../io/xml.js';
import { checkFile } from '../batch/check-work.js';
import { DuplicateNumbers, validateText } from '../batch/work.js';
import { ALL_FORMATS, type FormatName } from '../formatters/index.js';
import { serveWords } from '../messages/serve.js';
import type { InvoiceResult, ReportResult } from '../model/report.js';
import type { PipelineEnv } from '../pipeline.js';
import { RuleOverrides } from '../report/gates.js';
import { ReportSink } from '../report/sink.js';
import { checkOptions } from '../tdd/build.js';
import { localDateTime, TDD_ROLES, TDD_SCOPES, TDD_TYPES, TddOptionError, transportIdProblem, type TddOptions } from '../tdd/options.js';
import { tddOfJson, tddOfXml, type TddResult, type SourceDocument, type TddRunOptions } from '../tdd/run.js';
import type { Answer, ServeSetup, ServeTask, Verdict } from './protocol.js';
import { formatType } from './formats.js';
import type { Lang } from '../messages/lang.js';
import { speak, type MessageRef } from '../messages/ref.js';
import { plainError } from '../formatters/speak.js';

/** What a worker holds between requests: the pipeline (rules compiled, entities and rates loaded) and the report settings. */
export interface ServeEnv { pipeline: PipelineEnv; rules: ServeSetup['rules']; gates: ServeSetup['gates']; tdd: ServeSetup['tdd'] }

/** The name a request body has in reports: standard input's, so `pintae validate - < body` gives the same report. */
const BODY = '-';
const JSON_TYPE = 'application/json; charset=utf-8';
const XML_TYPE = 'application/xml; charset=utf-8';

const json = (status: number, value: unknown, verdicts?: Verdict[], headers?: Record<string, string>): Answer =>
  ({ status, type: JSON_TYPE, body: JSON.stringify(value), ...(verdicts ? { verdicts } : {}), ...(headers ? { headers } : {}) });

export function verdictOf(r: ReportResult | InvoiceResult): Verdict {
  return r.error ? 'unreadable' : r.rejected ? 'rejected' : r.valid ? 'valid' : 'invalid';
}

/** One request's work, in a worker (or in the main thread of a test): never throws for bad input. */
export function serveTask(task: ServeTask, env: ServeEnv): Answer {
  switch (task.op) {
    case 'dry-run': return dryRun(task.text, env);
    case 'validate': return report(validateText(BODY, task.text, env.pipeline, false, task.format === 'html', false, 'server'), task.format, env, 200, task.lang);
    case 'build': return build(task.text, env);
    case 'check': return report([checkFile(BODY, env.pipeline.schematron, undefined, task.bytes, task.format === 'html', 'server')], task.format, env, 200, task.lang, true);
    case 'tdd': return tdd(task, env);
  }
}

/**
 * POST /oauth/invoices/validate: the service's dry run (spec 4.2, 2.10), exactly the `response` `pintae validate`
 * gives for the same body as a file: 200 with it, valid or not; 400 for an invalid registration type (the rejected
 * body), and for a body that is not JSON (the service's 400 of a request it cannot read, located).
 */
function dryRun(text: string, env: ServeEnv): Answer {
  const [raw] = validateText(BODY, text, env.pipeline, false, false, true, 'server');
  const r = new RuleOverrides(env.rules).apply(raw!);
  const verdict = verdictOf(r);
  if (r.error || !r.response) {
    const { message, line, column } = r.error ?? { message: serveWords('request-invalid') };
    return json(400, { message: serveWords('request-invalid'), errors: [{ field: '(body)', message, ...(line !== undefined ? { line, column } : {}) }] }, [verdict]);
  }
  return json(r.rejected ? 400 : 200, r.response, [verdict]);
}

/** The report of `--format <format>` on these results, as the CLI writes it (rule overrides and gates of the config). */
function report(results: Iterable<InvoiceResult>, format: FormatName, env: ServeEnv, status = 200, lang: Lang = 'en', documents = false): Answer {
  const out: string[] = [];
  const sink = new ReportSink({ formats: ALL_FORMATS, format, stdout: { write: (s: string) => out.push(s) }, color: false, gates: env.gates, rules: env.rules, baseDir: process.cwd(), documents, stdin: 'body', ...(lang !== 'en' ? { lang } : {}) });
  const duplicates = new DuplicateNumbers();
  const verdicts: Verdict[] = [];
  for (const r of results) verdicts.push(verdictOf(sink.add(duplicates.mark(r))));
  sink.finish();
  return { status, type: formatType(format), body: out.join(''), verdicts };
}

/** POST /v1/build: the UBL XML of one valid invoice; 422 with the JSON report when it is not valid, 400 when unreadable. */
function build(text: string, env: ServeEnv): Answer {
  const results = validateText(BODY, text, env.pipeline, true, false, false, 'server');
  if (results.length !== 1) return json(400, { message: serveWords('build-one', { count: results.length }) });
  const judged = new RuleOverrides(env.rules).apply(results[0]!);
  if (judged.valid && judged.xml) return { status: 200, type: XML_TYPE, body: judged.xml, verdicts: ['valid'] };
  return report([{ ...results[0]!, xml: null }], 'json', env, judged.error ? 400 : 422);
}

const TDD_QUERY = ['type', 'role', 'scope', 'reporter', 'receiver', 'representative', 'transport-id', 'issued'] as const;

function choice<T extends string>(name: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined || (allowed as readonly string[]).includes(value)) return value as T | undefined;
  throw new TddOptionError(name, serveWords('tdd-option', { name, value, allowed: allowed.join(', ') }));
}

/** POST /v1/tdd: the Tax Data Document of one invoice (UBL bytes or JSON text), options as query parameters. */
function tdd(task: Extract<ServeTask, { op: 'tdd' }>, env: ServeEnv): Answer {
  const q = task.query;
  const unknown = Object.keys(q).find((k) => !(TDD_QUERY as readonly string[]).includes(k));
  if (unknown !== undefined) return json(400, { message: serveWords('tdd-unknown-option', { name: unknown, known: TDD_QUERY.join(', ') }) });
  // A body that cannot be read is said first, as `pintae tdd` with no input says so before the parties it lacks:
  // read again only on the way to an option's 400, so a good request reads its body once.
  const refuse = (message: string): Answer => {
    const error = unreadableBody(task, env);
    return error ? refused({ ok: false, xml: null, findings: [], index: null, error }, task.lang) : json(400, { message });
  };
  const receiver = q.receiver ?? env.tdd.receiver;
  const representative = q.representative ?? env.tdd.representative;
  const missing = [['receiver', receiver], ['representative', representative]].filter(([, v]) => v === undefined).map(([k]) => k);
  if (missing.length) return refuse(serveWords('tdd-parties', { missing: missing.join(' and ') }));
  const warnings: string[] = [];
  let run: TddRunOptions;
  try {
    const now = new Date();
    const shared: Omit<TddOptions, 'transportId'> = {
      type: choice('type', q.type, TDD_TYPES) ?? 'S',
      role: choice('role', q.role, Object.keys(TDD_ROLES) as Array<keyof typeof TDD_ROLES>) ?? 'sender',
      scope: choice('scope', q.scope, TDD_SCOPES),
      receiver: receiver!, representative: representative!,
      issued: q.issued ?? localDateTime(now, -now.getTimezoneOffset()),
      ...(q.reporter !== undefined ? { reporter: q.reporter } : {}),
    };
    checkOptions(shared);
    if (q['transport-id'] !== undefined) transportIdProblem('transport-id', q['transport-id']);
    run = { ...shared, transportId: q['transport-id'] ?? ((document: SourceDocument) => { const id = randomUUID(); warnings.push(serveWords('tdd-transport-generated', { id, document })); return id; }) };
  } catch (e) {
    if (e instanceof TddOptionError) return refuse(e.message.replace(/--([a-z-]+)/g, '$1'));
    throw e;
  }
  let result: TddResult;
  if (task.bytes) result = tddOfXml(task.bytes, env.pipeline.schematron, run, 'server');
  else {
    const results = tddOfJson(BODY, task.text!, { ...env.pipeline, duplicate: false }, run, 'server');
    if (results.length !== 1) return json(400, { message: serveWords('tdd-one', { count: results.length }) });
    result = results[0]!;
  }
  if (result.ok && result.xml) {
    return { status: 200, type: XML_TYPE, body: result.xml, verdicts: ['valid'], ...(warnings.length ? { headers: { 'pintae-warning': warnings.join('; ') } } : {}) };
  }
  return refused(result, task.lang);
}

/** A TDD refused: 400 when the body could not be read, 422 with the findings that refused it. */
function refused(result: TddResult, lang: Lang): Answer {
  const verdict: Verdict = result.error && !result.findings.length ? 'unreadable' : 'invalid';
  // In another language (?lang=), each finding and the error say `message` in it, with `message_en` beside it, as a report's do.
  const say = <F extends { message: string; said?: MessageRef }>(f: F) => (lang === 'en' ? f : { ...plainError(f), message: (f.said && speak(f.said, lang, '\n')) ?? f.message, message_en: f.message });
  return json(result.error && !result.findings.length ? 400 : 422, { message: serveWords('tdd-refused'), ...(result.error ? { error: say(result.error) } : {}), findings: result.findings.map(say) }, [verdict]);
}

/** Why a /v1/tdd body cannot be read at all (empty, not JSON, not well-formed XML), as making its TDD would say; else undefined. */
function unreadableBody(task: Extract<ServeTask, { op: 'tdd' }>, env: ServeEnv): TddResult['error'] {
  if (task.bytes) {
    const read = readXmlDocument(task.bytes, 'body');
    return read.ok ? undefined : { message: read.message, ...(read.line !== undefined ? { line: read.line, column: read.column } : {}) };
  }
  if (parseJson(task.text ?? '').ok) return undefined;
  return validateText(BODY, task.text ?? '', env.pipeline, false, false, false, 'server')[0]?.error;
}
