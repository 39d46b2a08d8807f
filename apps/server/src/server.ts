import './v8-flags.ts';
import { Server as NetServer } from 'node:net';
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
// To the supervisor, when there is one (supervisor.ts): from now on a death is not a start-up failure.
// The channel is let go at once, so it never keeps this process alive.
if (process.send) {
  process.send('serving');
  process.channel?.unref();
}
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
/** One turn of the event loop: the I/O already waiting (connections to accept, requests to read) is taken in it. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    // What was sent before the signal is answered. A loaded node can be seconds behind its sockets:
    // connections still in the kernel's queue, requests not yet read. One more turn of the loop accepts
    // and reads them; then the listener closes, so new connections are refused from now on (a balancer
    // in front sends them to another node at once), before anything else. Only the listener: Node's
    // http close() would also drop every connection without a request under way, a connection whose
    // request is in its buffer unread among them (ECONNRESET). Fastify's close drops the idle ones
    // after its preClose hooks (workers, sockets) have run, by when those requests are under way.
    await nextTurn();
    NetServer.prototype.close.call(app.server);
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error(`shutdown took over ${config.shutdownTimeoutMs / 1000} s; exiting`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
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
