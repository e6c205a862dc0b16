/*
 * XPath 3.1 parser (recursive descent over the grammar's precedence levels) for the subset pintae's rules use.
 * Syntax it recognises but the evaluator does not implement (function items, maps, arrays, arrow, typeswitch, …)
 * raises XPathUnsupported, so the caller falls back to Saxon-JS; text that is no XPath raises XPathError XPST0003.
 */
import { XPathUnsupported } from './api.js';
import type { Axis, BinaryOp, Expr, NodeTest, QName, SequenceTypeAst } from './ast.js';
import { KIND_TESTS, splitQName, TypeParser } from './parse-types.js';

const AXES = new Set<string>(['child', 'attribute', 'self', 'parent', 'ancestor', 'ancestor-or-self', 'descendant',
  'descendant-or-self', 'following-sibling', 'preceding-sibling', 'following', 'preceding', 'namespace']);
/** Names that cannot be function names (XPath 3.1 A.3): `if(` is an if expression, not a call. */
const RESERVED = new Set([...KIND_TESTS, 'array', 'empty-sequence', 'function', 'if', 'item', 'map', 'switch', 'typeswitch']);
const COMPARISONS = new Set(['=', '!=', '<', '<=', '>', '>=', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'is', '<<', '>>']);

export { splitQName };

class Parser extends TypeParser {
  parseAll(): Expr {
    const e = this.expr();
    if (this.tok.t !== 'eof') this.fail('unexpected text');
    return e;
  }

  private expr(): Expr {
    const first = this.exprSingle();
    if (!this.isSym(',')) return first;
    const items = [first];
    while (this.isSym(',')) { this.i++; items.push(this.exprSingle()); }
    return { k: 'seq', items };
  }

  private exprSingle(): Expr {
    const t = this.tok;
    if (t.t === 'name' && this.peek().t === 'var') {
      if (t.v === 'for' || t.v === 'some' || t.v === 'every') return this.binding(t.v, 'in');
      if (t.v === 'let') return this.binding('let', ':=');
    }
    if (this.isName('if') && this.isSym('(', this.peek())) {
      this.i += 2;
      const cond = this.expr();
      this.expectSym(')');
      this.expectName('then');
      const then = this.exprSingle();
      this.expectName('else');
      return { k: 'if', cond, then, else: this.exprSingle() };
    }
    if ((this.isName('switch') || this.isName('typeswitch')) && this.isSym('(', this.peek())) throw new XPathUnsupported(`${t.v} expressions`);
    return this.or();
  }

  /** for/let/some/every with one or more comma-separated bindings, nested one per binding. */
  private binding(kind: 'for' | 'let' | 'some' | 'every', sep: 'in' | ':='): Expr {
    this.i++;
    const bindings: Array<{ name: QName; value: Expr }> = [];
    for (;;) {
      const v = this.tok;
      if (v.t !== 'var') this.fail('expected a variable');
      this.i++;
      if (kind === 'for' && this.isName('at')) throw new XPathUnsupported('positional variables in for');
      if (sep === 'in') this.expectName('in'); else this.expectSym(':=');
      bindings.push({ name: splitQName(v.v), value: this.exprSingle() });
      if (!this.isSym(',')) break;
      this.i++;
    }
    const keyword = kind === 'for' ? 'return' : kind === 'let' ? 'return' : 'satisfies';
    this.expectName(keyword);
    let body = this.exprSingle();
    for (let j = bindings.length - 1; j >= 0; j--) body = { k: kind, name: bindings[j]!.name, value: bindings[j]!.value, body };
    return body;
  }

  private or(): Expr {
    let left = this.and();
    while (this.isName('or')) { this.i++; left = { k: 'binary', op: 'or', left, right: this.and() }; }
    return left;
  }

  private and(): Expr {
    let left = this.comparison();
    while (this.isName('and')) { this.i++; left = { k: 'binary', op: 'and', left, right: this.comparison() }; }
    return left;
  }

  private comparison(): Expr {
    const left = this.concat();
    const t = this.tok;
    if ((t.t === 'sym' || t.t === 'name') && COMPARISONS.has(t.v)) {
      this.i++;
      return { k: 'binary', op: t.v as BinaryOp, left, right: this.concat() };
    }
    return left;
  }

  private concat(): Expr {
    let left = this.range();
    while (this.isSym('||')) { this.i++; left = { k: 'binary', op: '||', left, right: this.range() }; }
    return left;
  }

  private range(): Expr {
    const left = this.additive();
    if (!this.isName('to')) return left;
    this.i++;
    return { k: 'binary', op: 'to', left, right: this.additive() };
  }

  private additive(): Expr {
    let left = this.multiplicative();
    while (this.isSym('+') || this.isSym('-')) {
      const op = this.tok.v as '+' | '-';
      this.i++;
      left = { k: 'binary', op, left, right: this.multiplicative() };
    }
    return left;
  }

  private multiplicative(): Expr {
    let left = this.union();
    for (;;) {
      const t = this.tok;
      const op = this.isSym('*') ? '*' : t.t === 'name' && (t.v === 'div' || t.v === 'idiv' || t.v === 'mod') ? t.v : undefined;
      if (!op) return left;
      this.i++;
      left = { k: 'binary', op: op as BinaryOp, left, right: this.union() };
    }
  }

  private union(): Expr {
    let left = this.intersectExcept();
    while (this.isSym('|') || this.isName('union')) { this.i++; left = { k: 'binary', op: 'union', left, right: this.intersectExcept() }; }
    return left;
  }

  private intersectExcept(): Expr {
    let left = this.instanceOf();
    while (this.isName('intersect') || this.isName('except')) {
      const op = this.tok.v as 'intersect' | 'except';
      this.i++;
      left = { k: 'binary', op, left, right: this.instanceOf() };
    }
    return left;
  }

  private instanceOf(): Expr {
    const operand = this.treat();
    if (this.isName('instance') && this.isName('of', this.peek())) {
      this.i += 2;
      return { k: 'instance', operand, type: this.sequenceType() };
    }
    return operand;
  }

  private treat(): Expr {
    const operand = this.castable();
    if (this.isName('treat') && this.isName('as', this.peek())) {
      this.i += 2;
      return { k: 'treat', operand, type: this.sequenceType() };
    }
    return operand;
  }

  private castable(): Expr {
    const operand = this.cast();
    if (this.isName('castable') && this.isName('as', this.peek())) {
      this.i += 2;
      return { k: 'castable', operand, ...this.singleType() };
    }
    return operand;
  }

  private cast(): Expr {
    const operand = this.arrow();
    if (this.isName('cast') && this.isName('as', this.peek())) {
      this.i += 2;
      return { k: 'cast', operand, ...this.singleType() };
    }
    return operand;
  }

  private arrow(): Expr {
    const operand = this.unary();
    if (this.isSym('=>')) throw new XPathUnsupported('arrow expressions (=>)');
    return operand;
  }

  private unary(): Expr {
    if (this.isSym('-') || this.isSym('+')) {
      const op = this.tok.v as '+' | '-';
      this.i++;
      return { k: 'unary', op, operand: this.unary() };
    }
    return this.simpleMap();
  }

  private simpleMap(): Expr {
    let left = this.path();
    while (this.isSym('!')) { this.i++; left = { k: 'binary', op: '!', left, right: this.path() }; }
    return left;
  }

  private path(): Expr {
    if (this.isSym('/')) {
      this.i++;
      if (!this.startsStep()) return { k: 'root' };
      return this.relativePath({ k: 'root' });
    }
    if (this.isSym('//')) {
      this.i++;
      return this.relativePath({ k: 'slash', left: { k: 'root' }, right: DESCENDANT_OR_SELF });
    }
    return this.relativePath(undefined);
  }

  /** Whether the current token can begin a step (decides whether a leading '/' is the root alone). */
  private startsStep(): boolean {
    const t = this.tok;
    if (t.t === 'name' || t.t === 'str' || t.t === 'num' || t.t === 'var') return true;
    return t.t === 'sym' && ['*', '@', '.', '..', '('].includes(t.v);
  }

  private relativePath(base: Expr | undefined): Expr {
    let left = base ? { k: 'slash' as const, left: base, right: this.step() } : this.step();
    for (;;) {
      if (this.isSym('/')) { this.i++; left = { k: 'slash', left, right: this.step() }; } else if (this.isSym('//')) {
        this.i++;
        left = { k: 'slash', left: { k: 'slash', left, right: DESCENDANT_OR_SELF }, right: this.step() };
      } else return left;
    }
  }

  private step(): Expr {
    const t = this.tok;
    if (this.isSym('..')) { this.i++; return this.withPredicates<Expr & { preds: Expr[] }>({ k: 'step', axis: 'parent', test: ANY_NODE, preds: [] }); }
    if (this.isSym('@')) { this.i++; return this.axisStep('attribute'); }
    if (t.t === 'name' && this.isSym('::', this.peek())) {
      if (!AXES.has(t.v)) this.fail(`unknown axis ${t.v}`);
      if (t.v === 'namespace') throw new XPathUnsupported('the namespace axis');
      this.i += 2;
      return this.axisStep(t.v as Axis);
    }
    if (this.isSym('*')) return this.axisStep('child');
    if (t.t === 'name') {
      const next = this.peek();
      if ((t.v === 'map' || t.v === 'array') && this.isSym('{', next)) throw new XPathUnsupported(`${t.v} constructors`);
      if (t.v === 'function' && this.isSym('(', next)) throw new XPathUnsupported('inline functions');
      const isCall = this.isSym('(', next) && !RESERVED.has(t.v);
      if (this.isSym('#', next)) throw new XPathUnsupported('named function references');
      if (!isCall) return this.axisStep(t.v === 'attribute' && this.isSym('(', next) ? 'attribute' : 'child');
    }
    return this.postfix();
  }

  private axisStep(axis: Axis): Expr {
    return this.withPredicates<Expr & { preds: Expr[] }>({ k: 'step', axis, test: this.nodeTest(), preds: [] });
  }

  private withPredicates<T extends { preds: Expr[] }>(e: T): T {
    while (this.isSym('[')) { this.i++; e.preds.push(this.expr()); this.expectSym(']'); }
    return e;
  }

  private postfix(): Expr {
    const base = this.primary();
    if (this.isSym('(')) throw new XPathUnsupported('dynamic function calls');
    if (this.isSym('?')) throw new XPathUnsupported('lookup expressions');
    if (!this.isSym('[')) return base;
    return this.withPredicates<Expr & { preds: Expr[] }>({ k: 'filter', base, preds: [] });
  }

  private primary(): Expr {
    const t = this.tok;
    switch (t.t) {
      case 'str': this.i++; return { k: 'literal', type: 'string', text: t.v };
      case 'num': this.i++; return { k: 'literal', type: t.kind, text: t.v };
      case 'var': this.i++; return { k: 'var', name: splitQName(t.v) };
      case 'name': {
        if (t.v === 'function' || t.v === 'map' || t.v === 'array') throw new XPathUnsupported(`${t.v} constructors`);
        this.i += 2;
        const args: Expr[] = [];
        if (!this.isSym(')')) {
          for (;;) {
            if (this.isSym('?')) throw new XPathUnsupported('partial function application');
            args.push(this.exprSingle());
            if (!this.isSym(',')) break;
            this.i++;
          }
        }
        this.expectSym(')');
        return { k: 'call', name: splitQName(t.v), args };
      }
      case 'sym':
        if (t.v === '.') { this.i++; return { k: 'context' }; }
        if (t.v === '(') {
          this.i++;
          if (this.isSym(')')) { this.i++; return { k: 'seq', items: [] }; }
          const e = this.expr();
          this.expectSym(')');
          // Parenthesised: a filter or step after it applies to the whole, so keep it apart from a bare sequence.
          return e.k === 'seq' ? e : { k: 'seq', items: [e] };
        }
        if (t.v === '[' || t.v === '{') throw new XPathUnsupported('array and map constructors');
        break;
      default:
        break;
    }
    return this.fail('expected an expression');
  }

  parseSequenceType(): SequenceTypeAst {
    const t = this.sequenceType();
    if (this.tok.t !== 'eof') this.fail('unexpected text after a sequence type');
    return t;
  }
}

const ANY_NODE: NodeTest = { k: 'kind', kind: 'node' };
const DESCENDANT_OR_SELF: Expr = { k: 'step', axis: 'descendant-or-self', test: ANY_NODE, preds: [] };

/** Parses an XPath expression: XPathError XPST0003 for a syntax error, XPathUnsupported for what pintae does not evaluate. */
export function parse(expr: string): Expr {
  return new Parser(expr).parseAll();
}

/** Parses a sequence type as written in an @as attribute. */
export function parseSequenceType(text: string): SequenceTypeAst {
  return new Parser(text).parseSequenceType();
}
