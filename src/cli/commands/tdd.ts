import { existsSync, statSync } from 'node:fs';
import { todayOption } from '../../config/today.js';
import { parseRuleLimits } from '../../schematron/limits.js';
import { randomUUID } from 'node:crypto';
import { basename, extname, join } from 'node:path';
import { discover, JSON_INPUTS, XML_INPUTS, type Source } from '../../batch/discover.js';
import { loadEnv } from '../../batch/env.js';
import type { PintaeConfig } from '../../config/load.js';
import { usageError } from '../../messages/cli.js';
import { readRunConfig, sayConfigRuleSet, tell, told } from '../lang.js';
import { reasonAt, UsageError } from '../../io/errors.js';
import { fsErrorWords, readInputFile } from '../../io/input-file.js';
import { OutputError, writeAtomic } from '../../io/write.js';
import type { Finding } from '../../model/types.js';
import { checkOptions } from '../../tdd/build.js';
import { localDateTime, transportIdProblem, TDD_ROLES, TDD_SCOPES, TDD_TYPES, TddOptionError, type TddOptions, type TddRole, type TddScope, type TddType } from '../../tdd/options.js';
import { tddOfJson, tddOfXml, type TddResult, type SourceDocument } from '../../tdd/run.js';
import { UnwritableText } from '../../ubl/serialize.js';
import { withDefaultSignals } from '../signals.js';
import { prepareOutDir } from '../xml-out.js';
import { lineAmounts, uuidMode, type ValidateOptions } from './validate.js';
import { readStdinSync } from '../../io/stdin.js';
import { decodeText } from '../../io/text.js';
import { warn, warnAll, warningWord } from '../warn.js';

export interface TddCliOptions extends Pick<ValidateOptions, 'entity' | 'rates' | 'uuid' | 'deterministic' | 'lineAmounts' | 'today' | 'rules' | 'schematron' | 'config' | 'ruleTimeout' | 'ruleMemory' | 'lang'> {
  outDir?: string;
  type?: string;
  role?: string;
  scope?: string;
  reporter?: string;
  receiver?: string;
  representative?: string;
  transportId?: string;
  issued?: string;
}

/** A directory is searched for UBL documents (*.xml) and invoice requests (*.json) alike. */
function inputs(paths: string[]): Source[] {
  if (paths.length === 0) throw usageError('cli.tdd-no-input', {});
  const out: Source[] = [];
  for (const p of paths) {
    let dir = false;
    try { dir = p !== '-' && statSync(p).isDirectory(); } catch { /* discover says why */ }
    if (!dir) { out.push(...discover([p], XML_INPUTS)); continue; }
    const found = [XML_INPUTS, JSON_INPUTS].flatMap((kind) => {
      try { return discover([p], kind); } catch (e) { if (e instanceof UsageError) return []; throw e; }
    }).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    if (found.length === 0) throw usageError('cli.tdd-empty-dir', { path: p });
    out.push(...found);
  }
  return out.filter((s, i) => out.findIndex((o) => o.path === s.path) === i);
}

function choice<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined || (allowed as readonly string[]).includes(value)) return value as T | undefined;
  throw usageError('cli.choose', { flag, value, allowed });
}

/** The TDD options every input shares; the transport id is each input's own. */
function sharedOptions(options: TddCliOptions, config: PintaeConfig | undefined): Omit<TddOptions, 'transportId'> {
  const receiver = options.receiver ?? config?.tdd?.receiver;
  const representative = options.representative ?? config?.tdd?.representative;
  const missing = ([['receiver', receiver], ['representative', representative]] as const).filter(([, v]) => v === undefined).map(([key]) => key);
  if (missing.length) throw usageError('cli.tdd-parties', { missing });
  const shared: Omit<TddOptions, 'transportId'> = {
    type: choice<TddType>('--type', options.type, TDD_TYPES) ?? 'S',
    role: choice<TddRole>('--role', options.role, Object.keys(TDD_ROLES) as TddRole[]) ?? 'sender',
    scope: choice<TddScope>('--scope', options.scope, TDD_SCOPES),
    receiver: receiver!, representative: representative!,
    issued: options.issued ?? localDateTime(new Date(), -new Date().getTimezoneOffset()),
    ...(options.reporter !== undefined ? { reporter: options.reporter } : {}),
  };
  try {
    checkOptions(shared);
    if (options.transportId !== undefined) transportIdProblem('--transport-id', options.transportId);
  } catch (e) { if (e instanceof TddOptionError) throw new UsageError(e.message, 'usage', e.said); throw e; }
  return shared;
}

const isSpace = (c: number | undefined) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** Whether an input is XML: its first character past a byte-order mark and white space is '<', in UTF-8 or UTF-16. */
const isXml = (bytes: Uint8Array) => {
  // UTF-16 with a byte-order mark (XML or JSON alike): its first character, read a code unit at a time.
  const little = bytes[0] === 0xff && bytes[1] === 0xfe;
  if (little || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    let i = 2;
    const unit = () => (little ? bytes[i]! | (bytes[i + 1]! << 8) : (bytes[i]! << 8) | bytes[i + 1]!);
    while (i + 1 < bytes.length && isSpace(unit())) i += 2;
    return i + 1 < bytes.length && unit() === 0x3c;
  }
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && isSpace(bytes[i])) i++;
  // A UTF-16 XML document without a byte-order mark starts with '<' beside a zero byte, as libxml2 detects it.
  return bytes[i] === 0x3c || (bytes[i] === 0 && bytes[i + 1] === 0x3c);
};

const where = (file: string, at: { line?: number; column?: number }) => (at.line !== undefined ? `${file}:${at.line}:${at.column ?? 1}` : file);
const say = (file: string, f: Finding) => `${where(file, f)}: ${f.severity}: ${told(f.message, f.said)}${f.rule ? ` [${f.rule}]` : ''}${f.field && f.line === undefined ? ` (${f.field})` : ''}\n`;

/**
 * `pintae tdd`: the Tax Data Document of each invoice (README "The FTA report"). Problems go to standard error, each
 * located; the TDDs to --out-dir, or one to standard output. Returns 0 when every input gave its TDD, 1 otherwise.
 */
export async function runTdd(paths: string[], options: TddCliOptions): Promise<number> {
  const cwd = process.cwd();
  const config = readRunConfig(options, cwd);
  warnAll(config?.warnings);
  sayConfigRuleSet(options, config, warn);
  // `pintae tdd` alone is told what it lacks first, its input, not the parties its options would name.
  if (paths.length === 0) throw usageError('cli.tdd-no-input', {});
  const shared = sharedOptions(options, config);
  const sources = inputs(paths);
  const toStdout = options.outDir === undefined || options.outDir === '-';
  if (toStdout && sources.length > 1) throw usageError('cli.stdout-one', { command: 'tdd', n: sources.length });
  if (options.transportId !== undefined && sources.length > 1) throw usageError('cli.tdd-transport-one', { n: sources.length });
  const env = await loadEnv({
    entityFiles: options.entity?.length ? options.entity : config?.entity ?? [],
    ratesFile: options.rates ?? config?.rates,
    ruleSet: options.schematron === false ? false : options.rules ?? config?.ruleSet,
    today: todayOption(options.today),
    uuid: uuidMode(options), lineAmounts: lineAmounts(options.lineAmounts), cwd, ruleLimits: parseRuleLimits(options),
    ...(options.schematron !== false && options.rules === undefined && config?.ruleSet !== undefined ? { ruleSetFrom: config.file } : {}),
  }, warn);
  if (!toStdout) prepareOutDir(options.outDir!);

  let failed = false;
  const used = new Map<string, number>();
  /** The input each file name was first written for. */
  const firstOf = new Map<string, string>();
  const printed: string[] = [];
  for (const source of sources) {
    const file = source.path;
    let bytes: Uint8Array;
    try {
      if (source.kind === 'unreadable') throw new Error(source.message);
      bytes = source.kind === 'stdin' ? withDefaultSignals(() => readStdinSync()) : readInputFile(file);
    } catch (e) {
      process.stderr.write(`${file}: error: ${e instanceof Error && source.kind === 'unreadable' ? e.message : fsErrorWords(e)}\n`);
      failed = true;
      continue;
    }
    // A transport id per TDD made (a bulk body is several messages), said on stderr when pintae made it up.
    const generated: Array<{ id: string; document: SourceDocument }> = [];
    const transportId = options.transportId ?? ((document: SourceDocument) => { const id = randomUUID(); generated.push({ id, document }); return id; });
    let results: TddResult[];
    try {
      const json = isXml(bytes) ? undefined : decodeText(bytes);
      results = json === undefined ? [tddOfXml(bytes, env.schematron, { ...shared, transportId })]
        // Bytes that are not text: refused at the byte, no TDD made of them.
        : !json.ok ? [{ ok: false, xml: null, findings: [], index: null, error: { message: json.message, line: json.line, column: json.column } }]
        : tddOfJson(file, json.text, env, { ...shared, transportId });
    } catch (e) {
      if (e instanceof TddOptionError) { process.stderr.write(`${file}: error: ${told(e.message, e.said)}\n`); failed = true; continue; }
      if (e instanceof UnwritableText) throw new UsageError(e.message);
      throw e;
    }
    // Each said of the invoice it was made for: in a bulk body, by its place (the label its findings and file take).
    for (const { id, document } of generated) {
      const index = results.find((r) => r.xml?.includes(id))?.index ?? null;
      process.stderr.write(`${index === null ? file : `${file} [${index}]`}: ${warningWord()}: ${tell('cli.tdd-generated', { id, document })}\n`);
    }
    const made = results.filter((r) => r.ok).length;
    if (toStdout && made > 1) throw usageError('cli.tdd-holds', { file, n: results.length });
    if (options.transportId !== undefined && made > 1) throw usageError('cli.tdd-transport-many', { file, n: results.length });
    for (const r of results) {
      const label = r.index === null ? file : `${file} [${r.index}]`;
      const shown = r.ok ? r.findings.filter((f) => f.severity !== 'error') : r.findings;
      for (const f of shown) process.stderr.write(say(file, f));
      if (r.error) process.stderr.write(`${where(file, r.error)}: error: ${told(r.error.message, r.error.said)}\n`);
      const stem = file === '-' ? 'stdin' : basename(file, extname(file));
      let name = r.index === null ? `${stem}.tdd.xml` : `${stem}-${r.index}.tdd.xml`;
      if (!r.ok) {
        if (!r.error && !shown.length) process.stderr.write(`${label}: error: ${tell('cli.tdd-none', {})}\n`);
        const errors = shown.filter((f) => f.severity === 'error').length;
        // Refused for the document's errors (types S, R, W): said once, with what the receiver of such a document does.
        if (!r.error && errors) process.stderr.write(`${label}: error: ${tell('cli.tdd-refused', { n: errors, type: shared.type ?? 'S' })}\n`);
        failed = true;
        // A TDD an earlier run wrote of this input stays (never removed): said, so it is not sent as this one's.
        if (!toStdout && existsSync(join(options.outDir!, name))) warn(tell('cli.build-stale', { path: join(options.outDir!, name), input: label, dir: options.outDir! }));
        continue;
      }
      if (toStdout) { printed.push(r.xml!); continue; }
      const n = (used.get(name) ?? 0) + 1;
      used.set(name, n);
      const own = name;
      if (n === 1) firstOf.set(own, label);
      else name = name.replace(/\.tdd\.xml$/, `~${n}.tdd.xml`);
      try { writeAtomic(join(options.outDir!, name), r.xml!, { linkReplaced: true }); } catch (e) {
        if (e instanceof OutputError) throw e;
        throw reasonAt(join(options.outDir!, name), fsErrorWords(e));
      }
      // tdd writes nothing else on success: a TDD under another name than its input's is said, or it would not be
      // known which of two inputs of one name a file reports.
      if (n > 1) process.stderr.write(`${label}: ${tell('cli.tdd-renamed', { path: join(options.outDir!, name), first: join(options.outDir!, own), input: firstOf.get(own)! })}\n`);
    }
  }
  if (printed.length) process.stdout.write(printed[0]!);
  return failed ? 1 : 0;
}
