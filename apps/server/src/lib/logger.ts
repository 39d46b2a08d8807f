/** One structured log line: the fields first, then the message (pino's order). */
type LogFn = (fields: object, message: string) => void;

/**
 * What code below the HTTP layer logs through. Fastify's logger (pino) satisfies it, so adapters,
 * services and repositories take a logger without importing Fastify; tests pass a stub. Take
 * `Pick<Logger, 'warn'>` when only some levels are used.
 */
export type Logger = { info: LogFn; warn: LogFn; error: LogFn };
