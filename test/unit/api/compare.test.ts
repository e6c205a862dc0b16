import { describe, expect, it } from 'vitest';
import { compareVerdicts, type Verdict } from '../../../src/api/compare.js';

const validated = (errors: Array<[string, string]>): Verdict => ({
  kind: 'validated',
  response: { message: '', data: { is_valid: errors.length === 0, entity_id: 'e', invoice_number: 'n', total_errors: errors.length, errors: errors.map(([section, message]) => ({ section: section as 'tax', message })), warnings: [] } },
});

describe('compareVerdicts', () => {
  it('agrees on the same verdict and the same errors in any order (rule ids and fields aside)', () => {
    expect(compareVerdicts(validated([]), validated([]))).toBeNull();
    expect(compareVerdicts(validated([['tax', 'a'], ['invoice_items', 'b']]), validated([['invoice_items', 'b'], ['tax', 'a']]))).toBeNull();
  });

  it('flags a different is_valid and the errors on one side only, counting repeats', () => {
    expect(compareVerdicts(validated([]), validated([['tax', 'x']]))).toEqual({ verdict: true, onlyOffline: [], onlyRemote: ['[tax] x'] });
    expect(compareVerdicts(validated([['tax', 'x'], ['tax', 'x']]), validated([['tax', 'x'], ['seller_party', 'y']])))
      .toEqual({ verdict: false, onlyOffline: ['[tax] x'], onlyRemote: ['[seller_party] y'] });
  });

  it('a PINT-AE finding said in the request\'s terms is compared by its official text (rule_text)', () => {
    const official = 'Currency exchange rate [BTAE-04] is MUST when then Invoice currency code [IBT-005] is different from \'AED\'.';
    const offline = validated([['tax', 'currency "USD" needs an exchange rate to AED for the invoice']]);
    if (offline.kind === 'validated') offline.response.data.errors[0]!.rule_text = official;
    expect(compareVerdicts(offline, validated([['tax', official]]))).toBeNull();
  });

  it('a 400 on one side only is a different verdict', () => {
    const rejected: Verdict = { kind: 'rejected', response: { message: 'invalid', errors: [{ field: 'buyer.legal_registration_type', message: 'bad' }] } };
    expect(compareVerdicts(rejected, rejected)).toBeNull();
    expect(compareVerdicts(rejected, validated([['buyer_party', 'bad']]))?.verdict).toBe(true);
  });
});
