import { UsageError } from '../io/errors.js';
import type { Text } from './lang.js';
import { wordsOf } from './ref.js';

/**
 * A usage error said from a catalogue entry (issue 26): English in its message, as before, and the entry with its
 * parameters, so the CLI says it in the run's language (src/cli/lang.ts).
 */
export function errorOf<P extends object>(id: string, text: Text<P>, p: P): UsageError {
  const words = wordsOf(id, text, p);
  return new UsageError(words.message, 'usage', words.said);
}
