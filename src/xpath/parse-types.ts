/*
 * The part of the XPath parser that reads tokens, node tests and types (sequence types for instance of, treat as and
 * @as; single types for cast and castable). parse.ts builds the expression parser on it.
 */
import { XPathUnsupported } from './api.js';
import type { ItemTypeAst, NodeTest, QName, SequenceTypeAst } from './ast.js';
import { syntaxError, tokenize, type Token } from './lexer.js';

export const KIND_TESTS: ReadonlySet<string> = new Set(['node', 'text', 'comment', 'document-node', 'processing-instruction',
  'element', 'attribute', 'schema-element', 'schema-attribute', 'namespace-node']);

export function splitQName(text: string): QName {
  const i = text.indexOf(':');
  return i < 0 ? { prefix: '', local: text } : { prefix: text.slice(0, i), local: text.slice(i + 1) };
}

export class TypeParser {
  protected i = 0;
  protected readonly toks: Token[];
  constructor(protected readonly src: string) { this.toks = tokenize(src); }

  protected get tok(): Token { return this.toks[this.i]!; }
  protected peek(n = 1): Token { return this.toks[Math.min(this.i + n, this.toks.length - 1)]!; }
  protected isSym(v: string, t: Token = this.tok): boolean { return t.t === 'sym' && t.v === v; }
  protected isName(v: string, t: Token = this.tok): boolean { return t.t === 'name' && t.v === v; }
  protected fail(what: string): never { throw syntaxError(this.src, this.tok.pos, what); }
  protected expectSym(v: string): void {
    if (!this.isSym(v)) this.fail(`expected '${v}'`);
    this.i++;
  }
  protected expectName(v: string): void {
    if (!this.isName(v)) this.fail(`expected '${v}'`);
    this.i++;
  }


  protected nodeTest(): NodeTest {
    const t = this.tok;
    if (this.isSym('*')) { this.i++; return { k: 'name', name: { prefix: '*', local: '*' } }; }
    if (t.t !== 'name') this.fail('expected a node test');
    if (KIND_TESTS.has(t.v) && this.isSym('(', this.peek())) return this.kindTest();
    this.i++;
    return { k: 'name', name: splitQName(t.v) };
  }

  protected kindTest(): NodeTest {
    const kind = this.tok.v;
    this.i += 2;
    if (kind === 'element' || kind === 'attribute') {
      let name: QName | undefined;
      if (this.isSym('*')) this.i++;
      else if (this.tok.t === 'name') { name = splitQName(this.tok.v); this.i++; }
      if (this.isSym(',')) throw new XPathUnsupported(`${kind}() tests with a type`);
      this.expectSym(')');
      return name ? { k: 'kind', kind, name } : { k: 'kind', kind };
    }
    if (kind === 'node' || kind === 'text' || kind === 'comment' || kind === 'document-node' || kind === 'processing-instruction') {
      if (!this.isSym(')')) throw new XPathUnsupported(`${kind}() tests with an argument`);
      this.i++;
      return { k: 'kind', kind };
    }
    throw new XPathUnsupported(`${kind}() tests`);
  }


  protected sequenceType(): SequenceTypeAst {
    if (this.isName('empty-sequence') && this.isSym('(', this.peek())) {
      this.i += 2;
      this.expectSym(')');
      return { k: 'empty' };
    }
    const item = this.itemType();
    const t = this.tok;
    if (t.t === 'sym' && (t.v === '?' || t.v === '*' || t.v === '+')) { this.i++; return { k: 'items', item, occurrence: t.v }; }
    return { k: 'items', item, occurrence: '' };
  }

  protected itemType(): ItemTypeAst {
    const t = this.tok;
    if (t.t !== 'name') this.fail('expected a type');
    if (t.v === 'item' && this.isSym('(', this.peek())) { this.i += 2; this.expectSym(')'); return { k: 'item' }; }
    if (KIND_TESTS.has(t.v) && this.isSym('(', this.peek())) return { k: 'kind', test: this.kindTest() };
    if (this.isSym('(', this.peek())) throw new XPathUnsupported(`${t.v}() types`);
    this.i++;
    return { k: 'atomic', name: splitQName(t.v) };
  }

  protected singleType(): { type: QName; optional: boolean } {
    const t = this.tok;
    if (t.t !== 'name' || this.isSym('(', this.peek())) this.fail('expected an atomic type');
    this.i++;
    const optional = this.isSym('?');
    if (optional) this.i++;
    return { type: splitQName(t.v), optional };
  }
}
