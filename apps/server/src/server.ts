import './v8-flags.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Makan is serving on ${config.publicUrl} (database: ${config.databaseUrl ? 'PostgreSQL' : `embedded, ${config.dataDir}`})`,
);

// What nothing caught (docs/decisions/010): a rejected promise nobody awaited is logged and the
// process keeps serving; an exception thrown out of an event callback may have left state
// half-changed, so the process stops cleanly and the supervisor starts a fresh one.
process.on('unhandledRejection', (reason) => {
  app.log.error({ err: reason }, 'unhandled rejection');
});
process.on('uncaughtException', (err, origin) => {
  app.log.fatal({ err, origin }, 'uncaught exception: exiting, to be started again');
  const force = setTimeout(() => process.exit(1), 5_000);
  force.unref();
  void app.close().finally(() => process.exit(1));
});

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // New connections are refused from now on (a balancer in front sends them to another node at
    // once), before anything else: Fastify's own close stops listening only after the preClose hooks
    // (workers, sockets) have run, answering 503 meanwhile. The requests already received are answered.
    app.server.close();
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  });
}
