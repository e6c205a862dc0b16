/* The XPath syntax tree the parser builds and the compiler turns into closures. Names keep their prefixes: the compiler resolves them. */

export type Axis = 'child' | 'attribute' | 'self' | 'parent' | 'ancestor' | 'ancestor-or-self' | 'descendant'
  | 'descendant-or-self' | 'following-sibling' | 'preceding-sibling' | 'following' | 'preceding' | 'namespace';

/** A name as written: prefix '' for none; '*' for a wildcard part. */
export interface QName { prefix: string; local: string }

export type NodeTest =
  | { k: 'name'; name: QName } // prefix '*' = any namespace, local '*' = any name
  | { k: 'kind'; kind: 'node' | 'text' | 'comment' | 'document-node' | 'processing-instruction' }
  | { k: 'kind'; kind: 'element' | 'attribute'; name?: QName };

export type OccurrenceIndicator = '' | '?' | '*' | '+';
export type ItemTypeAst =
  | { k: 'item' }
  | { k: 'atomic'; name: QName }
  | { k: 'kind'; test: NodeTest };
export type SequenceTypeAst = { k: 'empty' } | { k: 'items'; item: ItemTypeAst; occurrence: OccurrenceIndicator };

export type BinaryOp = 'or' | 'and'
  | '=' | '!=' | '<' | '<=' | '>' | '>='
  | 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge'
  | 'is' | '<<' | '>>'
  | '||' | 'to' | '+' | '-' | '*' | 'div' | 'idiv' | 'mod'
  | 'union' | 'intersect' | 'except' | '!';

export type Expr =
  | { k: 'literal'; type: 'string' | 'integer' | 'decimal' | 'double'; text: string }
  | { k: 'var'; name: QName }
  | { k: 'context' }
  | { k: 'root' }
  | { k: 'seq'; items: Expr[] }
  | { k: 'call'; name: QName; args: Expr[] }
  | { k: 'binary'; op: BinaryOp; left: Expr; right: Expr }
  | { k: 'unary'; op: '+' | '-'; operand: Expr }
  /** E1/E2 (a '//' is parsed as /descendant-or-self::node()/). */
  | { k: 'slash'; left: Expr; right: Expr }
  | { k: 'step'; axis: Axis; test: NodeTest; preds: Expr[] }
  | { k: 'filter'; base: Expr; preds: Expr[] }
  | { k: 'if'; cond: Expr; then: Expr; else: Expr }
  | { k: 'for' | 'let'; name: QName; value: Expr; body: Expr }
  | { k: 'some' | 'every'; name: QName; value: Expr; body: Expr }
  | { k: 'instance' | 'treat'; operand: Expr; type: SequenceTypeAst }
  | { k: 'cast' | 'castable'; operand: Expr; type: QName; optional: boolean };
