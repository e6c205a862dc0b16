/*
 * What a rule set may call and which XSLT it may use: the lists the static check (guard/) holds every schema,
 * stylesheet and SEF to. A rule set computes a verdict on the document it judges and nothing else, so everything here
 * is an allowlist: a function or instruction not named below is refused, whatever it does. docs/decisions.md ("Rule
 * sets are data: what the static check refuses") gives the reason for every entry of the refused lists.
 */

export const FN = 'http://www.w3.org/2005/xpath-functions';
export const MATH = 'http://www.w3.org/2005/xpath-functions/math';
export const MAP = 'http://www.w3.org/2005/xpath-functions/map';
export const ARRAY = 'http://www.w3.org/2005/xpath-functions/array';
export const XS = 'http://www.w3.org/2001/XMLSchema';
export const XSL = 'http://www.w3.org/1999/XSL/Transform';
export const SCH = 'http://purl.oclc.org/dsdl/schematron';
export const SAXON = 'http://saxon.sf.net/';

/**
 * The functions of XPath and XQuery Functions and Operators 3.1 and of XSLT 3.0 (fn namespace) that compute on their
 * arguments, the document and the stylesheet alone.
 */
const FN_PURE = `abs accumulator-after accumulator-before adjust-date-to-timezone adjust-dateTime-to-timezone
adjust-time-to-timezone analyze-string apply available-system-properties avg base-uri boolean ceiling codepoint-equal
codepoints-to-string collation-key compare concat contains contains-token copy-of count current current-date
current-dateTime current-group current-grouping-key current-merge-group current-merge-key current-output-uri
current-time data dateTime day-from-date day-from-dateTime days-from-duration deep-equal default-collation
default-language distinct-values document-uri element-available element-with-id empty encode-for-uri ends-with error
escape-html-uri exactly-one exists false filter floor fold-left fold-right for-each for-each-pair format-date
format-dateTime format-integer format-number format-time function-arity function-available function-name generate-id
has-children head hours-from-dateTime hours-from-duration hours-from-time id idref implicit-timezone in-scope-prefixes
index-of innermost insert-before iri-to-uri json-to-xml key lang last local-name local-name-from-QName lower-case
matches max min minutes-from-dateTime minutes-from-duration minutes-from-time month-from-date month-from-dateTime
months-from-duration name namespace-uri namespace-uri-for-prefix namespace-uri-from-QName nilled node-name
normalize-space normalize-unicode not number one-or-more outermost parse-ietf-date parse-json path position
prefix-from-QName QName random-number-generator regex-group remove replace resolve-QName resolve-uri reverse root round
round-half-to-even seconds-from-dateTime seconds-from-duration seconds-from-time serialize snapshot sort starts-with
static-base-uri string string-join string-length string-to-codepoints subsequence substring substring-after
substring-before sum system-property tail timezone-from-date timezone-from-dateTime timezone-from-time tokenize trace
translate true type-available unordered unparsed-entity-public-id unparsed-entity-uri upper-case xml-to-json
year-from-date year-from-dateTime years-from-duration zero-or-one`;
export const FN_ALLOWED: ReadonlySet<string> = new Set(FN_PURE.split(/\s+/));

/** Functions of the fn namespace that reach beyond the document, each with the reason it is refused. */
export const FN_REFUSED: ReadonlyMap<string, string> = new Map([
  ['doc', 'reads another document (a file or a URL)'],
  ['document', 'reads another document (a file or a URL)'],
  ['doc-available', 'tells whether a file or URL can be read'],
  ['unparsed-text', 'reads a file or a URL as text'],
  ['unparsed-text-lines', 'reads a file or a URL as text'],
  ['unparsed-text-available', 'tells whether a file or URL can be read'],
  ['collection', 'reads documents from a directory or a URL'],
  ['uri-collection', 'lists a directory or a URL'],
  ['json-doc', 'reads a file or a URL as JSON'],
  ['stream-available', 'tells whether a file or URL can be read'],
  ['environment-variable', 'reads the environment (where the API token lives)'],
  ['available-environment-variables', 'lists the environment'],
  ['transform', 'compiles and runs another stylesheet, which may do any of these'],
  ['load-xquery-module', 'loads code from a file or a URL'],
  ['function-lookup', 'calls a function chosen by its name at run time, which could be any of these'],
  ['parse-xml', 'parses text whose DOCTYPE may name other files (not shown to be harmless)'],
  ['parse-xml-fragment', 'parses text whose DOCTYPE may name other files (not shown to be harmless)'],
]);

/** Namespaces whose functions are all computations on their arguments (maps, arrays, arithmetic). */
export const PURE_NAMESPACES: ReadonlySet<string> = new Set([MATH, MAP, ARRAY]);

/** Well-known namespaces of processor extensions, named in the refusal so a reader sees what was meant. */
export const EXTENSION_NAMESPACES: ReadonlyMap<string, string> = new Map([
  ['http://saxonica.com/ns/globalJS', "Saxon-JS's JavaScript bridge: runs any JavaScript"],
  ['http://saxonica.com/ns/interactiveXSLT', "Saxon-JS's interactive extensions: reach JavaScript objects"],
  [SAXON, 'Saxon extension functions'],
  ['http://saxonica.com/ns/nodejs', 'Saxon-JS Node.js extensions'],
  ['http://exslt.org/common', 'EXSLT extensions'],
  ['http://icl.com/saxon', 'old Saxon extensions'],
  ['http://xml.apache.org/xalan', 'Xalan extensions'],
  ['http://www.jclark.com/xt', 'XT extensions'],
]);

/**
 * Namespaces a user function may not be declared in: a name there could stand for a processor's own function (the
 * check would take a call to it for the rule set's own), and XSLT reserves the W3C ones.
 */
export function reservedForFunctions(ns: string): boolean {
  return ns === '' || ns.startsWith('http://www.w3.org/') || EXTENSION_NAMESPACES.has(ns) || /^https?:\/\/(?:[\w.-]*\.)?saxonica\.com\//.test(ns) || ns.startsWith(SAXON);
}

/** XSLT 3.0 elements a rule set may use: declarations and instructions that compute a result tree. */
export const XSL_ALLOWED: ReadonlySet<string> = new Set(`accept accumulator accumulator-rule analyze-string apply-imports
apply-templates assert attribute attribute-set break call-template catch character-map choose comment context-item copy
copy-of decimal-format document element expose fallback for-each for-each-group fork function global-context-item if
import include iterate key map map-entry matching-substring message mode namespace namespace-alias next-iteration
next-match non-matching-substring number on-completion on-empty on-non-empty otherwise output output-character override
param perform-sort preserve-space processing-instruction sequence sort strip-space stylesheet template text transform try
value-of variable when where-populated with-param`.split(/\s+/));

/** XSLT elements refused, with the reason. */
export const XSL_REFUSED: ReadonlyMap<string, string> = new Map([
  ['result-document', 'writes a file'],
  ['evaluate', 'evaluates XPath text built at run time, which could call anything'],
  ['source-document', 'reads another document (a file or a URL)'],
  ['merge', 'reads other documents (xsl:merge-source)'],
  ['merge-source', 'reads other documents (a file or a URL)'],
  ['merge-action', 'part of xsl:merge, which reads other documents'],
  ['merge-key', 'part of xsl:merge, which reads other documents'],
  ['import-schema', 'reads a schema from a file or a URL'],
  ['use-package', 'loads a package from elsewhere'],
  ['package', 'a package may load others; give the stylesheet instead'],
  ['stream', 'reads another document (a file or a URL)'],
]);

/** XSLT attributes whose value is an XPath expression (the rest are plain or attribute value templates). */
export const XSL_EXPRESSION_ATTRIBUTES: ReadonlySet<string> = new Set([
  'select', 'test', 'use', 'group-by', 'group-adjacent', 'value', 'initial-value', 'use-when', 'xpath', 'context-item',
  'with-params', 'namespace-context', 'base-uri', 'for-each-item', 'for-each-source',
]);

/** XSLT attributes whose value is a pattern (XSLT 3.0 patterns may start with a function call: doc('x')//a). */
export const XSL_PATTERN_ATTRIBUTES: ReadonlySet<string> = new Set(['match', 'group-starting-with', 'group-ending-with', 'count', 'from']);

/** Schematron attributes whose value is an XPath expression (or a fragment of one: an abstract pattern's parameter). */
export const SCH_EXPRESSION_ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['rule', new Set(['context'])],
  ['assert', new Set(['test'])],
  ['report', new Set(['test'])],
  ['let', new Set(['value'])],
  ['value-of', new Set(['select'])],
  ['name', new Set(['path'])],
  ['param', new Set(['value'])],
  ['key', new Set(['match', 'path', 'use'])],
]);
