import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { createMessageSendRepository } from '../../apps/server/src/modules/chat/message-send.repository.ts';
import { scratchDir } from '../lib/server.ts';

/**
 * The database side of a chat send, two ways, each call one message with this client id:
 * - `insert`: one raw `INSERT` of the message row straight through the driver, the database part of the
 *   floor. The row is the one a send of the benchmark stores: its client id (a UUID, as the web app
 *   makes them) and `bench message <client id>` as content and search text, so the unique index and the
 *   trigram index take the same keys as they do for the product.
 * - `store`: the same message stored by the product's chat repository (`sendMessage`, its one-statement
 *   send) on the server's own driver set-up, with no server around it: what the database costs a send.
 */
export type FloorDatabase = {
  insert: (clientId: string) => Promise<void>;
  store: (clientId: string) => Promise<void>;
  close: () => Promise<void>;
};

/** The content (and search text) of a benchmark message with this client id. */
export const benchContent = (clientId: string) => `bench message ${clientId}`;

const insertText =
  "insert into messages (conversation_id, sender_id, client_id, content, type, search_text) values ($1, $2, $3, $4, 'text', $5) returning id";

/** The id in the first row of a `returning id` result. */
function idOf(result: unknown): number {
  const rows: unknown =
    typeof result === 'object' && result !== null && 'rows' in result ? result.rows : undefined;
  const row: unknown = Array.isArray(rows) ? rows[0] : undefined;
  const id = typeof row === 'object' && row !== null && 'id' in row ? Number(row.id) : Number.NaN;
  if (!Number.isInteger(id)) throw new Error('insert returned no id');
  return id;
}

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
  conversationId: number,
  senderId: number,
  connections: number,
): Promise<FloorDatabase> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const handle = await openDatabase({ url: databaseUrl });
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
    store: storeWith(handle.db, conversationId, senderId),
    close: async () => {
      await pool.end();
      await handle.close();
    },
  };
}

/**
 * On PGlite: the server's database cannot be shared (one process owns the folder), so the bench opens
 * its own with the server's code and migrations (same schema, same PGlite options, its own process) in
 * bench/.work, with a conversation of two.
 */
export async function floorPglite(): Promise<FloorDatabase> {
  const dataDir = scratchDir('realtime-floor');
  rmSync(dataDir, { recursive: true, force: true });
  const handle = await openDatabase({ dataDir });
  await handle.migrate();
  const { db } = handle;
  const user = async (n: number) =>
    idOf(
      await db.execute(
        sql`insert into users (name, email, phone, phone_normalized, user_type) values (${`Floor ${n}`}, ${`floor${n}@bench.example`}, ${`+10${n}`}, ${`+10${n}`}, 'retail') returning id`,
      ),
    );
  const userId = await user(1);
  const otherId = await user(2);
  const conversationId = idOf(
    await db.execute(
      sql`insert into conversations (pair_key) values (${`${userId}:${otherId}`}) returning id`,
    ),
  );
  await db.execute(
    sql`insert into conversation_participants (conversation_id, user_id) values (${conversationId}, ${userId}), (${conversationId}, ${otherId})`,
  );
  return {
    insert: async (clientId) => {
      await db.execute(
        sql`insert into messages (conversation_id, sender_id, client_id, content, type, search_text) values (${conversationId}, ${userId}, ${clientId}, ${benchContent(clientId)}, 'text', ${benchContent(clientId)}) returning id`,
      );
    },
    store: storeWith(db, conversationId, userId),
    close: async () => {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
