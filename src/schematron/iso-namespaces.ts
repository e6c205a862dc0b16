/**
 * The prefixes the ISO Schematron reference implementation (the "skeleton" that compiled the official PINT rules)
 * declares on the root of every stylesheet it writes, so a schema may use them without declaring them: the official
 * PINT-AE 1.0.4 schemas use `xsd:` and `xs:` in embedded xsl:functions with no declaration of their own. A prefix the
 * schema binds itself (sch:ns, or xmlns: on the schema or where an embedded element was written) shadows these.
 */
export const XMLSCHEMA = 'http://www.w3.org/2001/XMLSchema';
export const ISO_IMPLICIT_NAMESPACES: ReadonlyMap<string, string> = new Map([
  ['xs', XMLSCHEMA],
  ['xsd', XMLSCHEMA],
  ['saxon', 'http://saxon.sf.net/'],
  ['schold', 'http://www.ascc.net/xml/schematron'],
  ['iso', 'http://purl.oclc.org/dsdl/schematron'],
  ['xhtml', 'http://www.w3.org/1999/xhtml'],
]);
