/**
 * The transport fuzzing of `transport-fuzz.test.ts` at length, for `npm run test:hard`: a random seed
 * (printed, so a failure can be replayed with `FUZZ_SEED=<seed>`) and ten times the cases of each
 * class. Both can still be set from outside: `FUZZ_SEED=20261216 FUZZ_RUNS=30 npm run test:hard`.
 */
process.env.FUZZ_SEED ??= 'random';
process.env.FUZZ_RUNS ??= '10';
await import('./transport-fuzz.test.ts');
