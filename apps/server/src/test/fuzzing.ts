/** Traces of the server's insides that must never reach a client: what the fuzzing suites look for in every answer. */
export const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\bat [\w.<>]+ \(|\bat (file:|node:|\/)/],
  ['an error name', /\b(Type|Range|Syntax|Reference)?Error: /],
  ['a file path', /\/(work|home|app|usr|tmp)\/|node_modules|\.[cm]?[jt]s:\d+/],
  [
    'SQL',
    /\b(select|insert|update|delete)\b[^"]{0,80}\b(from|into|set)\b|syntax error at|violates|relation "|invalid byte sequence|invalid input syntax/i,
  ],
  ['a driver name', /\b(pglite|postgres|drizzle|zod|fastify|FST_ERR)\b/i],
];

/**
 * A fuzzing suite's seed and size: the suite's fixed seed unless FUZZ_SEED is set (`random` picks one,
 * which the suite prints for replay), and FUZZ_RUNS or the suite's default.
 */
export function fuzzSettings(defaults: { seed: number; runs: number }): { seed: number; runs: number } {
  const given = process.env.FUZZ_SEED;
  const seed =
    given === 'random'
      ? (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) >>> 0
      : given
        ? Number(given)
        : defaults.seed;
  return { seed, runs: process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : defaults.runs };
}
