import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * `column = any($1::int[])`: the whole list as one array parameter. drizzle's `inArray` binds one
 * parameter per value, and building a statement of a thousand of them (a page of 1000 messages and
 * their attachments) took more of the server's CPU than the database took to run it.
 */
export function anyOfIds(column: Column, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::int[])`;
}
