/**
 * The words of pintae's findings on the request's shape: keys the request does not define (src/schema/unknown-fields.ts).
 */
const q = (v: unknown) => JSON.stringify(v);

/** `unknown field "tax_categroy" in line_items[0] (did you mean "tax_category"?)`; no object named at the top level. */
export const unknownFieldWords = ({ key, object, suggestion }: { key: string; object: string; suggestion?: string }): string =>
  `unknown field ${q(key)}${object ? ` in ${object}` : ''}${suggestion ? ` (did you mean ${q(suggestion)}?)` : ''}`;

/** The one warning that counts the unknown keys past the ones listed. */
export const moreUnknownWords = ({ more, first }: { more: number; first: string | undefined }): string =>
  `${more.toLocaleString('en-US')} more unknown ${more === 1 ? 'field' : 'fields'}, from ${q(first)} on, not listed one by one`;
