import type { Text } from './lang.js';
import { registerCatalogue, wordsOf, type Worded } from './ref.js';

/**
 * pintae's words about the buyer's electronic address (spec 2.8) where no service message is quoted (issue 26). The
 * scheme errors of spec 7.3 ("Foreign buyer requires a valid Peppol endpoint scheme …") are the service's own words
 * and stay as it says them.
 */
export const DERIVE = {
  'derive.participant-length': {
    en: (p: { length: number; scheme: string; got: number }) => `buyer.participant_id must be ${p.length} characters under scheme ${p.scheme} (got ${p.got})`,
    ar: (p: { length: number; scheme: string; got: number }) => `يجب أن يكون طول buyer.participant_id ${p.length} محرفاً وفق المخطط ${p.scheme} (المُرسَل: ${p.got})`,
  },
  'derive.uae-buyer-id': {
    en: (_: Record<string, never>) => 'buyer.trn or buyer.participant_id is required for a UAE buyer',
    ar: (_: Record<string, never>) => 'buyer.trn أو buyer.participant_id مطلوب للمشتري في الإمارات',
  },
} as const satisfies Record<string, Text<never>>;

export type DeriveMessageId = keyof typeof DERIVE;

/** The English words of an id and its entry, for a finding. */
export function deriveWords<K extends DeriveMessageId>(id: K, params: Parameters<(typeof DERIVE)[K]['en']>[0]): Worded {
  return wordsOf(id, DERIVE[id] as unknown as Text<typeof params>, params);
}

registerCatalogue((id) => (Object.hasOwn(DERIVE, id) ? DERIVE[id as DeriveMessageId] as unknown as Text<never> : undefined));
