import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { BIN, ROOT } from '../helpers/paths.js';

/**
 * Issue 24 item 8: the documentation as each user reads it. Every shell command shown in README.md and docs/ in a block
 * marked runnable (```sh runnable) is run as written, from a scratch directory holding the bundled fixtures, with
 * `npx pintae` meaning this checkout's binary; a command exits 0 unless its comment says `exits N`. Every relative link
 * resolves to a file of the repository, and a link to a heading of a Markdown page to a heading that page has. Output
 * shown after `$ npx pintae …` in a text block is what that command prints.
 */

const pages = (): string[] => {
  const out = [join(ROOT, 'README.md')];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith('.md')) out.push(join(dir, e.name));
    }
  };
  walk(join(ROOT, 'docs'));
  return out;
};

/** GitHub's anchor for a heading: lower case, punctuation dropped (letters, digits, spaces, - and _ kept), spaces as -. */
export const slug = (heading: string) =>
  heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

/** Lines outside fenced code blocks. */
const prose = (text: string) => {
  let fenced = false;
  return text.split('\n').filter((l) => {
    if (/^\s*```/.test(l)) { fenced = !fenced; return false; }
    return !fenced;
  });
};

const anchors = (file: string) => {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const l of prose(readFileSync(file, 'utf8'))) {
    const m = /^#{1,6}\s+(.*)$/.exec(l);
    if (!m) continue;
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
};

interface Link { file: string; line: number; target: string }
const links = (file: string): Link[] => {
  const out: Link[] = [];
  prose(readFileSync(file, 'utf8')).forEach((l, i) => {
    for (const m of l.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) out.push({ file, line: i + 1, target: m[1] });
  });
  return out;
};

interface Command { file: string; line: number; text: string; exit: number }
/** The commands of a page's runnable blocks, `\` continuations joined, in order. */
export const runnable = (file: string, text = readFileSync(file, 'utf8')): Command[] => {
  const out: Command[] = [];
  const lines = text.split('\n');
  let inBlock = false;
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (/^\s*```/.test(l)) {
      if (!fence) { fence = true; inBlock = /^\s*```(sh|bash|shell)\s+runnable\b/.test(l); } else { fence = false; inBlock = false; }
      continue;
    }
    if (!inBlock || /^\s*(#|$)/.test(l)) continue;
    const start = i + 1;
    let cmd = l;
    while (/\\\s*$/.test(cmd) && i + 1 < lines.length) cmd = cmd.replace(/\\\s*$/, ' ') + lines[++i].trim();
    const exit = /#.*\bexits? (\d+)\b/.exec(cmd);
    out.push({ file, line: start, text: cmd, exit: exit ? Number(exit[1]) : 0 });
  }
  return out;
};

describe('the documentation', () => {
  const all = pages();

  it('has a README under 250 lines whose first screen gives the two set-up commands', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThan(250);
    const firstScreen = readme.split('\n').slice(0, 30).join('\n');
    expect(firstScreen).toContain('npm ci && npx pintae validate fixtures/invoices/standard.json');
    expect(firstScreen).toMatch(/^npm test$/m);
  });

  it('has a task-first guide for each role and a reference page for each subject, linked from the README', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const page of ['guide/accountants.md', 'guide/ci.md', 'guide/support.md', 'guide/batch.md', 'reference/commands.md',
      'reference/formats.md', 'reference/configuration.md', 'reference/library.md', 'reference/exit-codes.md',
      'reference/rule-sets.md', 'reference/sandbox.md']) {
      expect(existsSync(join(ROOT, 'docs', page)), page).toBe(true);
      expect(readme, page).toContain(`(docs/${page})`);
    }
  });

  it('links only to files and headings that exist', () => {
    const broken: string[] = [];
    let count = 0;
    for (const file of all) {
      for (const { line, target } of links(file)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
        count++;
        const [path, anchor] = target.split('#', 2);
        const to = path === '' ? file : resolve(dirname(file), decodeURI(path));
        const where = `${relative(ROOT, file)}:${line}: ${target}`;
        if (!existsSync(to)) { broken.push(`${where} (no such file)`); continue; }
        if (relative(ROOT, to).startsWith('..')) { broken.push(`${where} (outside the repository)`); continue; }
        if (anchor !== undefined && to.endsWith('.md') && statSync(to).isFile() && !anchors(to).has(anchor)) broken.push(`${where} (no such heading)`);
      }
    }
    expect(count).toBeGreaterThan(30);
    expect(broken).toEqual([]);
  });

  it('reads runnable blocks as the pages mean them', () => {
    const cmds = runnable('x.md', ['```sh runnable', '# a comment', 'npx pintae a \\', '  --b   # exits 1', '', 'npx pintae c', '```',
      '```sh', 'not run', '```'].join('\n'));
    expect(cmds.map((c) => [c.text.replace(/\s+/g, ' '), c.exit, c.line])).toEqual([['npx pintae a --b # exits 1', 1, 3], ['npx pintae c', 0, 6]]);
    expect(slug('`pintae validate [paths...]`')).toBe('pintae-validate-paths');
    expect(slug('Rule sets: `pintae rules add`, `pintae rules list`')).toBe('rule-sets-pintae-rules-add-pintae-rules-list');
  });

  it('shows, in a text block that starts with `$ npx pintae …`, exactly what that command prints', async () => {
    let shown = 0;
    for (const file of all) {
      for (const m of readFileSync(file, 'utf8').matchAll(/```text\n\$ (npx pintae [^\n]*)\n([\s\S]*?)```/g)) {
        shown++;
        const args = m[1]!.replace(/^npx pintae /, '').split(/\s+/);
        const r = await execa('node', [BIN, ...args], { cwd: ROOT, reject: false, env: { NO_COLOR: '1' } });
        expect(r.stdout + '\n', `${relative(ROOT, file)}: $ ${m[1]}`).toBe(m[2]);
      }
    }
    expect(shown).toBeGreaterThan(0);
  });

  const byPage = all.map((f) => [relative(ROOT, f), runnable(f)] as const).filter(([, c]) => c.length > 0);
  it('has runnable commands in the README\'s guides', () => {
    expect(byPage.map(([p]) => p)).toEqual(expect.arrayContaining(['docs/guide/accountants.md', 'docs/guide/ci.md', 'docs/guide/support.md']));
  });

  for (const [page, commands] of byPage) {
    it(`runs every runnable command of ${page} as written`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pintae-docs-'));
      try {
        symlinkSync(join(ROOT, 'fixtures'), join(dir, 'fixtures'));
        for (const c of commands) {
          const script = c.text.replace(/\bnpx pintae\b/g, `node ${JSON.stringify(BIN)}`);
          const r = await execa('bash', ['-c', script], { cwd: dir, reject: false, env: { NO_COLOR: '1' } });
          const said = `${page}:${c.line}: ${c.text}\n${r.stdout}\n${r.stderr}`;
          expect(r.exitCode, said).toBe(c.exit);
          expect(r.stderr, said).not.toMatch(/\n\s+at .*:\d+:\d+/);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
