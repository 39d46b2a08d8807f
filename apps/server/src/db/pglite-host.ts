import { rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's own process: one PGlite, served over the PostgreSQL wire protocol on a Unix
 * socket, so the server talks to it with the same driver (node-postgres) as to a PostgreSQL server.
 *
 * Why a process of its own: PGlite is PostgreSQL compiled to WebAssembly. In the server's process it
 * added its engine and caches to the server's memory (330 MB idle instead of 200 MB; 480 MB with 10,000
 * idle sockets, 560 MB during ten 10 MB uploads, against ceilings of 300 and 400 MB), and every query ran
 * synchronously on the server's event loop. Here the engine's memory and CPU are its own, as a
 * PostgreSQL server's are, and both cores work.
 */

// Start-up packets carry no type byte: a length, then one of these codes.
const SSL_REQUEST = 80_877_103;
const GSS_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;
const TERMINATE = 0x58; // 'X'

/**
 * Serves `db` on `socketPath`. Messages of every connection go to PGlite one at a time, in order; the
 * server's pool holds a single connection (PGlite has one session), so one transaction never sees
 * another's statements. A connection that closes has its transaction rolled back and its session reset.
 */
export function servePglite(db: PGlite, socketPath: string): Promise<Server> {
  let queue: Promise<unknown> = Promise.resolve();
  const run = (task: () => Promise<unknown>) => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };

  const serve = (socket: Socket) => {
    socket.setNoDelay(true);
    let buffer: Buffer = Buffer.alloc(0);
    let started = false;
    let open = true;

    const take = (length: number) => {
      const message = buffer.subarray(0, length);
      buffer = buffer.subarray(length);
      return new Uint8Array(message);
    };

    /** The next complete message, or undefined until more bytes arrive. */
    const next = (): Uint8Array | 'ssl' | 'cancel' | 'terminate' | undefined => {
      if (!started) {
        if (buffer.length < 8) return undefined;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return undefined;
        const code = buffer.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          take(length);
          return 'ssl';
        }
        if (code === CANCEL_REQUEST) {
          take(length);
          return 'cancel';
        }
        started = true;
        return take(length);
      }
      if (buffer.length < 5) return undefined;
      const length = 1 + buffer.readInt32BE(1);
      if (buffer.length < length) return undefined;
      if (buffer[0] === TERMINATE) {
        take(length);
        return 'terminate';
      }
      return take(length);
    };

    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      for (let message = next(); message !== undefined; message = next()) {
        if (message === 'ssl')
          socket.write('N'); // no TLS on a private socket
        else if (message === 'cancel' || message === 'terminate') socket.end();
        else {
          const bytes = message;
          void run(() =>
            db.execProtocolRawStream(bytes, {
              // `data` is a view of the engine's memory, reused for the answer's next chunk before a
              // write the socket had to queue goes out: written as a copy.
              onRawData: (data) => {
                if (open && data.length > 0) socket.write(Buffer.from(data));
              },
            }),
          ).catch((err: unknown) => {
            console.error('embedded database: a message failed', err);
            socket.destroy();
          });
        }
      }
    });
    const closed = () => {
      if (!open) return;
      open = false;
      // PGlite has one session, which the next connection inherits: end what this one left open
      // (a transaction, prepared statements, settings), as PostgreSQL does when a backend exits.
      void run(async () => {
        if (db.isInTransaction()) await db.exec('rollback');
        await db.exec('discard all');
      });
    };
    socket.on('close', closed);
    socket.on('error', () => socket.destroy());
  };

  rmSync(socketPath, { force: true });
  const server = createServer(serve);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve(server));
  });
}
