/*
 * How deep a run goes. `npm test` runs property tests, fuzzing and exhaustive walks on samples
 * sized to keep the whole suite within its time budget; `npm run test:deep` (TEST_DEPTH=deep)
 * runs the long versions: the full numbers of runs, every day of a calendar walk, and both
 * transports in files that run their flows over one.
 */
export const DEEP = process.env.TEST_DEPTH === 'deep';

/** `quick` in `npm test`, `deep` under `npm run test:deep`. */
export const depth = <T>(quick: T, deep: T): T => (DEEP ? deep : quick);
