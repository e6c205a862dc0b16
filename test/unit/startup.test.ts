import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { imports, resolveImport } from '../helpers/imports.js';
import { FORMATTERS } from '../../src/formatters/index.js';
import { FORMAT_NAMES } from '../../src/formatters/names.js';

/*
 * What a command loads before it knows it will run (docs/performance.md, "Start-up"): each module costs a spawned
 * pintae about 0.3 ms of CPU on Node 20 before its code runs, so a usage error, --help or a one-file run loads only
 * what it uses. Held statically: the modules a file loads with it (its static imports, transitively; type-only and
 * dynamic imports are not loaded with it).
 */
const SRC = join(ROOT, 'src');
const rel = (file: string) => relative(SRC, file).split(sep).join('/');

function loadedWith(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>([join(SRC, entry)]);
  const packages = new Set<string>();
  for (const file of files) {
    for (const i of imports(readFileSync(file, 'utf8'))) {
      if (i.typeOnly || i.dynamic) continue;
      const target = resolveImport(file, i.spec);
      if (target) files.add(target);
      else if (!i.spec.startsWith('node:') && !i.spec.startsWith('.')) packages.add(i.spec);
    }
  }
  return { files: new Set([...files].map(rel)), packages };
}

describe('start-up: what a command loads before its inputs are known', () => {
  it('validate and build load the pipeline, the batch runner and the report only once their inputs are found (a usage error loads none)', () => {
    const { files, packages } = loadedWith('cli/commands/validate.ts');
    const heavy = ['pipeline.ts', 'batch/run.ts', 'batch/batch.ts', 'report/sink.ts', 'cli/report.ts', 'formatters/stylish.ts', 'formatters/json.ts', 'xpath/evaluate.ts', 'schematron/rulesets.ts', 'ubl/invoice.ts'];
    expect(heavy.filter((f) => files.has(f))).toEqual([]);
    // picomatch is loaded by the first glob only.
    expect([...packages]).not.toContain('picomatch');
  });

  it('no command loads a formatter it does not write: option parsing knows the format names alone', () => {
    for (const entry of ['cli/commands/validate.ts', 'cli/commands/check.ts', 'cli/commands/merge-reports.ts', 'config/settings.ts', 'report/sink.ts']) {
      const { files } = loadedWith(entry);
      expect([...files].filter((f) => /^formatters\/(index|html|sarif|junit|github|ndjson|stylish|json)\.ts$/.test(f)), entry).toEqual([]);
    }
  });

  it('validate loads nothing of check\'s batch (check.ts, the TDD cross-check)', () => {
    const { files } = loadedWith('batch/batch.ts');
    expect([...files].filter((f) => f === 'check.ts' || f === 'batch/check-work.ts' || f === 'tdd/cross-check.ts')).toEqual([]);
  });

  it('judging with the built-in rules loads neither the invoice views, the rule sandbox nor the XSLT compiler', () => {
    // The views are the HTML report's (loaded by a run that writes HTML: view/lazy.ts); the sandbox runs added rule sets
    // on Saxon-JS, the compiler adds them (both loaded by a run that uses an added set).
    const lazy = /^(view\/(index|document|request|tdd)\.ts|schematron\/(sandbox\/runner|sandbox\/compiler|sef|xslt3|xslt3-servers)\.ts)$/;
    for (const entry of ['batch/batch.ts', 'batch/check-batch.ts', 'batch/worker.ts', 'schematron/rulesets.ts', 'cli/commands/check.ts', 'cli/commands/validate.ts']) {
      expect([...loadedWith(entry).files].filter((f) => lazy.test(f)), entry).toEqual([]);
    }
  });

  it('check loads nothing of validate\'s pipeline (the request body\'s schema, normalization, rules, the UBL builder)', () => {
    const pipeline = ['pipeline.ts', 'judge.ts', 'batch/work.ts', 'schema/check.ts', 'schema/body-validator.ts', 'schema/invoice.schema.ts', 'schema/unknown-fields.ts', 'normalize/invoice.ts', 'rules/index.ts', 'ubl/invoice.ts', 'derive/totals.ts'];
    for (const entry of ['cli/commands/check.ts', 'batch/check-batch.ts', 'check.ts', 'report/gates.ts', 'cli/report.ts']) {
      expect([...loadedWith(entry).files].filter((f) => pipeline.includes(f)), entry).toEqual([]);
    }
  });

  it('the worker pool is loaded by a run that starts workers (a one-file run does not)', () => {
    for (const entry of ['batch/batch.ts', 'batch/check-batch.ts', 'cli/commands/validate.ts', 'cli/commands/check.ts']) {
      expect([...loadedWith(entry).files].filter((f) => f === 'batch/pool.ts'), entry).toEqual([]);
    }
  });

  it('a report other than HTML loads none of the HTML report\'s words (messages/view.ts)', () => {
    for (const entry of ['formatters/stylish.ts', 'formatters/json.ts', 'formatters/junit.ts', 'formatters/sarif.ts', 'formatters/github.ts', 'formatters/ndjson.ts', 'report/sink.ts', 'cli/report.ts', 'batch/batch.ts', 'batch/check-batch.ts']) {
      expect([...loadedWith(entry).files].filter((f) => f === 'messages/view.ts'), entry).toEqual([]);
    }
  });

  it('the format names are those of the formatters, in the same order (the order error messages list them in)', () => {
    expect([...FORMAT_NAMES]).toEqual(Object.keys(FORMATTERS));
  });
});
