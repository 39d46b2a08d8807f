/**
 * The bad-input fuzzing of `fuzz.test.ts` at length, for `npm run test:hard`: a random seed (printed,
 * so a failure can be replayed with `FUZZ_SEED=<seed>`) and many more runs per operation and class.
 * Both can still be set from outside: `FUZZ_SEED=20261123 FUZZ_RUNS=200 npm run test:hard`.
 */
process.env.FUZZ_SEED ??= 'random';
process.env.FUZZ_RUNS ??= '30';
await import('./fuzz.test.ts');
