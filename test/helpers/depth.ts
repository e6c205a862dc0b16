/**
 * How deep the seeded corpora and the large inputs of the suite go. `npm test` takes the everyday size: each case
 * still crosses the boundary it is about (more values than a call takes, a document larger than a pipe holds, every
 * rule of a set), within npm test's five minutes on a 2-core machine. `npm run test:deep` (PINTAE_TEST_DEPTH=deep)
 * takes the sizes the issues name (200,000 findings in every format, a 20 MB document through the sandbox, …).
 */
export const DEEP = process.env.PINTAE_TEST_DEPTH === 'deep';

/** The everyday size, or the deep one under `npm run test:deep`. */
export function depth(everyday: number, deep: number): number {
  return DEEP ? deep : everyday;
}
