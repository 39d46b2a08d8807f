import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { createMessageSendRepository } from '../../apps/server/src/modules/chat/message-send.repository.ts';
import { replayStatement } from '../http/load.ts';
import type { Statement } from '../http/record.ts';
import { type Store, scratchDir } from '../lib/server.ts';

/**
 * The database side of a chat send, three ways, each call one message with this client id:
 * - `insert`: one raw `INSERT` of the message row straight through the driver, the database part of the
 *   floor. The row is the one a send of the benchmark stores: its client id (a UUID, as the web app
 *   makes them) and `bench message <client id>` as content and search text, so the unique index and the
 *   trigram index take the same keys as they do for the product.
 * - `store`: the same message stored by the product's chat repository (`sendMessage`, its one-statement
 *   send) on the server's own driver set-up, with no server around it: what the database costs a send.
 * - `own`: the statements a socket send made the server run (recorded: record-send.ts), replayed raw
 *   as the server sent them (same name, so prepared once per connection) with this client id.
 */
export type FloorDatabase = {
  insert: (clientId: string) => Promise<void>;
  store: (clientId: string) => Promise<void>;
  own: (clientId: string) => Promise<void>;
  close: () => Promise<void>;
};

/** A FloorDatabase on one driver pool and the server's database object (PostgreSQL or PGlite). */
function floorWith(
  pool: pg.Pool,
  db: Database,
  { conversationId, senderId, send }: { conversationId: number; senderId: number; send: RecordedSend },
  close: () => Promise<void>,
): FloorDatabase {
  return {
    insert: async (clientId) => {
      await pool.query(insertText, [
        conversationId,
        senderId,
        clientId,
        benchContent(clientId),
        benchContent(clientId),
      ]);
    },
    store: storeWith(db, conversationId, senderId),
    own: ownWith(pool, send),
    close,
  };
}

/** `own` of a FloorDatabase: the recorded send's statements, in order, for a new message. */
function ownWith(pool: pg.Pool, send: RecordedSend) {
  return async (clientId: string) => {
    const now = new Date().toISOString();
    for (const s of send.statements) {
      const result = await replayStatement(pool, s, valuesFor(send, s, clientId, now));
      if (s === send.statements.at(-1) && result.rowCount === 0)
        throw new Error('the replayed send stored nothing');
    }
  };
}

/** The content (and search text) of a benchmark message with this client id. */
export const benchContent = (clientId: string) => `bench message ${clientId}`;

/** The statements one socket send made the server run, and the client id it sent them for. */
export type RecordedSend = { statements: Statement[]; clientId: string };

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)$/;

/**
 * The values of a recorded send's statements for a new message: its client id and its content (and
 * search text) in place of the recorded ones, and now for the recorded time, so that a replay stores
 * a new row as a send does (a repeated client id would take the send's other path).
 */
function valuesFor(send: RecordedSend, s: Statement, clientId: string, now: string): unknown[] {
  return s.values.map((v) => {
    if (v === send.clientId) return clientId;
    if (v === benchContent(send.clientId)) return benchContent(clientId);
    if (v instanceof Date) return new Date(now);
    if (typeof v === 'string' && ISO_TIME.test(v)) return now;
    return v;
  });
}

const insertText =
  "insert into messages (conversation_id, sender_id, client_id, content, type, search_text) values ($1, $2, $3, $4, 'text', $5) returning id";

/** `store` of a FloorDatabase: the repository's send of one text message from `senderId`. */
function storeWith(db: Database, conversationId: number, senderId: number) {
  const repository = createMessageSendRepository(db);
  return async (clientId: string) => {
    const stored = await repository.sendMessage(
      {
        conversationId,
        senderId,
        clientId,
        content: benchContent(clientId),
        type: 'text',
        replyToId: null,
        searchText: benchContent(clientId),
        now: new Date(),
      },
      () => {},
    );
    if (!stored?.created) throw new Error('the chat repository stored nothing');
  };
}

/**
 * On PostgreSQL: a pg pool on the server's own database, into the conversation the product writes to
 * (same table, same indexes, same size). `connections` lets concurrent samples run side by side, as
 * the server's pool does.
 */
export async function floorPostgres(
  databaseUrl: string,
  { conversationId, senderId, send }: { conversationId: number; senderId: number; send: RecordedSend },
  connections: number,
): Promise<FloorDatabase> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const handle = await openDatabase({ url: databaseUrl });
  return floorWith(pool, handle.db, { conversationId, senderId, send }, async () => {
    await pool.end();
    await handle.close();
  });
}

/**
 * On PGlite: the server's database cannot be shared (one process owns the folder), so the bench opens
 * a copy of it, made while no server held it, exactly as the server opens its own (the engine in a
 * process of its own, one pooled connection over its Unix socket): same rows, same conversation.
 */
export async function floorPglite(
  store: Store,
  { conversationId, senderId, send }: { conversationId: number; senderId: number; send: RecordedSend },
): Promise<FloorDatabase> {
  const copy = scratchDir('realtime-floor');
  rmSync(copy, { recursive: true, force: true });
  cpSync(path.join(store.dataDir, 'db'), copy, { recursive: true });
  rmSync(path.join(copy, 'host.pid'), { force: true });
  const handle = await openDatabase({ dataDir: copy });
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  return floorWith(pool, handle.db, { conversationId, senderId, send }, async () => {
    await handle.close();
    rmSync(copy, { recursive: true, force: true });
  });
}
