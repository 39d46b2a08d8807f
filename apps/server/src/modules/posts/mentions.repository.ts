import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { blockBetween } from '../blocks/blocks.repository.ts';

/** A transaction or the database: mentions are written in the transaction of their text. */
type Executor = Pick<Database, 'execute'>;

/** Ids as one bound parameter (an int array literal): they are parsed integers already. */
const idArray = (ids: readonly number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/**
 * Who a listing's description or a comment names (issue 22), in the transaction that wrote the text,
 * read back from its row: the people picked (`picked`) and those already named, kept while their
 * `@<current name>` is in the text, they exist, are not the author and no block stands between them
 * and the author either way. Someone newly named gets a row (its trigger, migration 0021, queues
 * their notification); someone no longer named loses theirs; someone still named keeps the row they
 * have, so an edit never tells anyone twice.
 */
export async function writeMentions(
  tx: Executor,
  target: { postId: number; commentId: number | null },
  picked: readonly number[],
  now: Date,
): Promise<void> {
  const { postId, commentId } = target;
  const source: SQL =
    commentId === null
      ? sql`select user_id as author, coalesce(description, '') as body from posts where id = ${postId}`
      : sql`select user_id as author, body from comments where id = ${commentId}`;
  const same: SQL =
    commentId === null
      ? sql`m.post_id = ${postId} and m.comment_id is null`
      : sql`m.comment_id = ${commentId}`;
  await tx.execute(sql`
    with source as (${source}),
    kept as (
      select u.id from users u, source s
      where (u.id = any(${idArray(picked)}) or u.id in (select m.user_id from mentions m where ${same}))
        and u.id <> s.author
        and strpos(s.body, '@' || u.name) > 0
        and not ${blockBetween(sql`s.author`, sql`u.id`)}
    ),
    gone as (delete from mentions m where ${same} and m.user_id not in (select id from kept))
    insert into mentions (post_id, comment_id, user_id, created_at)
    select ${postId}, ${commentId}, id, ${now.toISOString()}::timestamptz from kept
    on conflict do nothing`);
}

/** The people a post's description names, as a json array of {id, name} (a column of a post row). */
export const postMentionsColumn = (postId: AnyColumn) =>
  sql<unknown>`(select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name) order by m.created_at, u.id), '[]'::json)
    from mentions m join users u on u.id = m.user_id where m.post_id = ${postId} and m.comment_id is null)`;

/** The people a comment names, as postMentionsColumn. */
export const commentMentionsColumn = (commentId: AnyColumn) =>
  sql<unknown>`(select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name) order by m.created_at, u.id), '[]'::json)
    from mentions m join users u on u.id = m.user_id where m.comment_id = ${commentId})`;
