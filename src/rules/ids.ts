/**
 * Rule ids that findings carry and that are not PINT-AE Schematron ids: the spec's own (7.3: IBT-080, BTUAE-04,
 * IBT-049-1; IBT-049 of the buyer endpoint) and the UBL 2.1 schema check of `check --xsd`. A config override may name
 * them; test/unit/config/rule-ids.test.ts fails when a rule id in the source is missing here.
 */
export const SPEC_RULE_IDS: readonly string[] = ['IBT-049', 'IBT-049-1', 'IBT-080', 'BTUAE-04', 'UBL-XSD'];

/** A key the request body's schema does not know (src/schema/unknown-fields.ts): here, so that what only reads the id loads no schema. */
export const UNKNOWN_FIELD = 'pintae/unknown-field';

/** pintae's cross-checks of a Tax Data Document (src/tdd/cross-check.ts). */
export const TDD_CROSS_CHECK_IDS: readonly string[] = ['pintae/tdd-extract', 'pintae/tdd-tax-total', 'pintae/tdd-tax-exclusive', 'pintae/tdd-aed-total', 'pintae/tdd-attachment', 'pintae/tdd-reporter', 'pintae/tdd-source-rules', 'pintae/tdd-source-empty', 'pintae/tdd-source-one', 'pintae/tdd-cardinality'];
/** pintae's own ids of findings an override can change (an unknown key; a document that is not UBL or not PINT-AE, a TDD not AE TDD). */
export const PINTAE_RULE_IDS: readonly string[] = ['pintae/unknown-field', 'pintae/not-ubl', 'pintae/not-pint-ae', 'pintae/not-ae-tdd', 'pintae/rules-validity', 'pintae/rules-pinned', ...TDD_CROSS_CHECK_IDS];
