// The project's one saxon-js instance: a second copy in the same process disturbs the first's global state.
import { saxon } from '../../src/io/saxon.js';

const NS = {
  '': 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  ubl: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

/** A parsed UBL document and XPath 3.1 over it (ubl:, cac:, cbc: prefixes bound), for asserting mappings. */
export function ublDoc(xml: string) {
  const doc = saxon().XPath.evaluate('parse-xml($xml)', null, { params: { xml } });
  const options = { namespaceContext: NS, xpathDefaultNamespace: NS.ubl };
  return {
    /** The string values of every node the expression selects. */
    all(expr: string): string[] {
      const result = saxon().XPath.evaluate(`for $n in (${expr}) return string($n)`, doc, { ...options, resultForm: 'array' });
      return (result as unknown[]).map(String);
    },
    /** The single string value, or undefined when nothing is selected. */
    one(expr: string): string | undefined {
      const values = this.all(expr);
      if (values.length > 1) throw new Error(`${expr} selects ${values.length} nodes`);
      return values[0];
    },
    count(expr: string): number {
      return Number(saxon().XPath.evaluate(`count(${expr})`, doc, options));
    },
  };
}
