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
