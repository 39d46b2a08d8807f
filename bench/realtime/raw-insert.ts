import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { workDir } from '../lib/server.ts';

/** Inserts one message row per call, straight through the driver: the database part of the floor. */
export type RawInsert = { insert: () => Promise<void>; close: () => Promise<void> };

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

let serial = 0;
const nextClientId = () => `floor-${process.pid}-${++serial}`;

/**
 * On PostgreSQL: a pg pool on the server's own database, into the conversation the product writes to
 * (same table, same indexes, same size). `connections` lets concurrent samples run side by side, as
 * the server's pool does.
 */
export async function rawInsertPostgres(
  databaseUrl: string,
  conversationId: number,
  senderId: number,
  connections: number,
): Promise<RawInsert> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  return {
    insert: async () => {
      await pool.query(insertText, [
        conversationId,
        senderId,
        nextClientId(),
        'floor message',
        'floor message',
      ]);
    },
    close: () => pool.end(),
  };
}

/**
 * On PGlite: the server's database cannot be shared (one process owns the folder), so the bench opens
 * its own with the server's code and migrations (same schema, same PGlite options) in bench/.work.
 */
export async function rawInsertPglite(): Promise<RawInsert> {
  const dataDir = path.join(workDir, 'realtime-floor');
  rmSync(dataDir, { recursive: true, force: true });
  const handle = await openDatabase({ dataDir });
  await handle.migrate();
  const { db } = handle;
  const user = await db.execute(
    sql`insert into users (name, email, phone, phone_normalized, user_type) values ('Floor', 'floor@bench.example', '+100', '+100', 'retail') returning id`,
  );
  const userId = idOf(user);
  const conversation = await db.execute(
    sql`insert into conversations (pair_key) values (${`${userId}:${userId}`}) returning id`,
  );
  const conversationId = idOf(conversation);
  return {
    insert: async () => {
      await db.execute(
        sql`insert into messages (conversation_id, sender_id, client_id, content, type, search_text) values (${conversationId}, ${userId}, ${nextClientId()}, 'floor message', 'text', 'floor message') returning id`,
      );
    },
    close: async () => {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
