/**
 * How much slower than a machine of its own this run may be: CI's PostgreSQL lane runs at a lower
 * priority beside the browser journeys and sets TEST_TIME_SCALE=4 (.ci/run), as it gives the server
 * suite four times its time. A test's own wall-clock limit (an answer within 5 s, a whole restore
 * within 2 minutes) goes through `scaled`, so a starved run waits longer instead of failing; what
 * the limit checks (an answer comes, the restore completes) is the same.
 */
const SCALE = Math.max(1, Number(process.env.TEST_TIME_SCALE) || 1);

export const scaled = (ms: number) => Math.round(ms * SCALE);
