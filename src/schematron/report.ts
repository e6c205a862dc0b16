/**
 * Static reports (compile.ts): an assert whose message has no value-of or name always reports the same element but for
 * its location, so it is written as one string literal given to pintae-sch:report, a handful of stylesheet nodes
 * instead of some twenty. Saxon-JS walks the whole stylesheet at the start of every transform: fewer nodes, less time
 * per document.
 */

const SVRL = 'http://purl.oclc.org/dsdl/svrl';

/** Separates the fields of a static report (a private-use character, absent from rule texts). */
const FIELD = '\uE000';

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

/** The call writing a report of [element, test, id, flag, role, text], or undefined when a field holds the separator. */
export function reportCall(fields: string[]): string | undefined {
  if (fields.some((f) => f.includes(FIELD))) return undefined;
  return `<xsl:sequence select="${escapeAttr(`pintae-sch:report(., '${fields.join(FIELD).replace(/'/g, "''")}')`)}"/>`;
}

/** pintae-sch:report($node, $fields): the SVRL element, located at $node (pintae-sch:location). */
export const REPORT_FUNCTION = `<xsl:function xmlns:xs="http://www.w3.org/2001/XMLSchema" name="pintae-sch:report" as="element()">
  <xsl:param name="node" as="node()"/>
  <xsl:param name="fields" as="xs:string"/>
  <xsl:variable name="f" select="tokenize($fields, '${FIELD}')"/>
  <xsl:element name="svrl:{$f[1]}" namespace="${SVRL}">
    <xsl:attribute name="test" select="$f[2]"/>
    <xsl:if test="$f[3]"><xsl:attribute name="id" select="$f[3]"/></xsl:if>
    <xsl:if test="$f[4]"><xsl:attribute name="flag" select="$f[4]"/></xsl:if>
    <xsl:if test="$f[5]"><xsl:attribute name="role" select="$f[5]"/></xsl:if>
    <xsl:attribute name="location" select="pintae-sch:location($node)"/>
    <svrl:text><xsl:value-of select="$f[6]"/></svrl:text>
  </xsl:element>
</xsl:function>`;
