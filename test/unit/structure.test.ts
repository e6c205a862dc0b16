import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';
import { importCycles, imports, resolveImport, tsFiles } from '../helpers/imports.js';

/*
 * The layout of DESIGN.md, held (issue 13, item 5): no import cycles in src/; formatters and gates depend on the
 * model, never on the batch runner or the CLI; src/model is types only.
 */
const SRC = join(ROOT, 'src');
const rel = (file: string) => relative(SRC, file).split(sep).join('/');

describe('the source layout', () => {
  it('has no import cycle in src/ (issue 13)', () => {
    const cycles = importCycles(tsFiles(SRC)).map((c) => c.map(rel).join(' ↔ '));
    expect(cycles).toEqual([]);
  });

  it('src/formatters and src/report import nothing of src/batch or src/cli (issue 13)', () => {
    const wrong: string[] = [];
    for (const dir of ['formatters', 'report']) {
      for (const file of tsFiles(join(SRC, dir))) {
        for (const i of imports(readFileSync(file, 'utf8'))) {
          const target = resolveImport(file, i.spec);
          if (target && /^(batch|cli)\//.test(rel(target))) wrong.push(`${rel(file)}: ${i.spec}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the library (src/index.ts and all it imports, lazily too) imports nothing of src/cli (issue 22)', () => {
    const seen = new Map<string, string>([[join(SRC, 'index.ts'), '']]);
    const wrong: string[] = [];
    for (const [file] of seen) {
      for (const i of imports(readFileSync(file, 'utf8'))) {
        const target = resolveImport(file, i.spec);
        if (!target || seen.has(target)) continue;
        seen.set(target, file);
        if (rel(target).startsWith('cli/')) wrong.push(`${rel(file)}: ${i.spec}`);
      }
    }
    expect(seen.size).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });

  it('src/model is types only: it loads nothing at run time and defines no values', () => {
    const wrong: string[] = [];
    for (const file of tsFiles(join(SRC, 'model'))) {
      const text = readFileSync(file, 'utf8');
      for (const i of imports(text)) if (!i.typeOnly) wrong.push(`${rel(file)}: imports ${i.spec} at run time`);
      for (const m of text.matchAll(/^export\s+(?:default\s+|declare\s+)?(const|let|var|function|class|enum)\s+([\w$]+)/gm)) wrong.push(`${rel(file)}: ${m[1]} ${m[2]}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the import reader', () => {
  it('tells type-only imports from imports that load a module', () => {
    const text = [
      "import type { A } from './a.js';",
      "import { type B, type C } from './b.js';",
      "import { D, type E } from './d.js';",
      "export type { F } from './f.js';",
      "export { G } from './g.js';",
      "import './side-effect.js';",
      "const lazy = () => import('./lazy.js');",
    ].join('\n');
    expect(imports(text)).toEqual([
      { spec: './a.js', typeOnly: true },
      { spec: './b.js', typeOnly: true },
      { spec: './d.js', typeOnly: false },
      { spec: './f.js', typeOnly: true },
      { spec: './g.js', typeOnly: false },
      { spec: './side-effect.js', typeOnly: false },
      { spec: './lazy.js', typeOnly: false, dynamic: true },
    ]);
  });

  it('finds every cycle, type-only and lazy imports included, and nothing else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-cycles-'));
    try {
      const files: Record<string, string> = {
        'a.ts': "import { b } from './b.js';",
        'b.ts': "import type { A } from './a.js';",
        'c.ts': "import { a } from './a.js';\nimport { d } from './sub/d.js';",
        'sub/d.ts': "export const d = () => import('../e.js');",
        'e.ts': "export { c } from './c.js';",
        'f.ts': "import { a } from './a.js';\nimport { readFileSync } from 'node:fs';",
      };
      mkdirSync(join(dir, 'sub'));
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      const cycles = importCycles(tsFiles(dir)).map((c) => c.map((f) => relative(dir, f).split(sep).join('/')));
      expect(cycles.sort()).toEqual([['a.ts', 'b.ts'], ['c.ts', 'e.ts', 'sub/d.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/*
 * Issue 21, item 6: every file pintae writes has the token removed, because every file goes through one of two
 * writers that redact (src/io/write.ts, the ledger). A module that writes a file by itself is named here with the
 * reason it keeps its bytes as they are; a new one fails this test until it uses writeAtomic or is named.
 * (Standard output and error need no such list: src/cli/redact-output.ts wraps the streams themselves.)
 */
const VERBATIM_WRITERS: Record<string, string> = {
  'io/write.ts': 'the atomic writer: redacts every file written through it',
  'batch/ledger.ts': 'the ledger: redacts each record',
  'sandbox/tokens.ts': 'the sandbox\'s tokens file holds tokens by design (owner-only)',
  'io/lock-file.ts': 'lock files (the ledger\'s, the sandbox\'s): a pid, a thread id and random hex',
  'schematron/release.ts': 'a user\'s rule set unpacked from its zip into a work directory, as it stands',
  'schematron/cache.ts': 'a rule cache entry (compiled rules and manifest), read back as written',
  'schematron/sef.ts': 'an XSLT handed to the compiler in a work directory',
  'io/saxon.ts': 'V8\'s compiled-code cache',
};

describe('file writers (issue 21, item 6)', () => {
  it('every module that writes a file by itself is a known one; the others use writeAtomic', () => {
    const writers = tsFiles(SRC).filter((file) => /\b(writeFileSync|appendFileSync|writeSync|writevSync|createWriteStream|writeFile|appendFile)\s*\(/.test(readFileSync(file, 'utf8')));
    expect(writers.map(rel).sort()).toEqual(Object.keys(VERBATIM_WRITERS).sort());
  });
});
