import type { Logger } from './logger.ts';

/**
 * A background pass run now and then, never twice at once: `start` runs one now and every
 * `everyMs`; `kick` asks for one soon (work just arrived): during a pass, one more follows it.
 * `stop` waits for the pass under way. A failed pass is logged; the next one tries again.
 */
export function createWorkerLoop({
  name,
  runOnce,
  log,
}: {
  name: string;
  runOnce: () => Promise<unknown>;
  log: Pick<Logger, 'warn'>;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const pass = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .then(() => undefined)
      .catch((err: unknown) => log.warn({ err }, `${name} failed`))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          pass();
        }
      });
  };
  return {
    kick: pass,
    start(everyMs: number) {
      pass();
      timer = setInterval(pass, everyMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      while (running) await running;
    },
  };
}
