import {
  type Currency,
  LISTING_PURPOSES,
  LISTING_STATUSES,
  type ListingStatus,
} from '@makan/contract/listing';
import { PROPERTY_TYPES } from '@makan/contract/property-types';
import { PURPOSES } from '@makan/contract/purposes';
import { searchTextOf } from '../../apps/server/src/modules/posts/posts.search.ts';
import { COMPANY_WORDS, FIRST_NAMES, LAST_NAMES, WORDS_AR, WORDS_EN } from './vocabulary.ts';

/** Runs one SQL statement with positional parameters; the same for pg and PGlite. */
export type Exec = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export type Shape = {
  posts: number;
  users: number;
  /** Users 1…tokens can sign in with the bearer token `benchToken(id)`. */
  tokens: number;
  comments: number;
  bookmarks: number;
  messages: number;
};

/** How much of everything a dataset of `posts` listings holds: about one user per ten posts. */
export function shapeFor(posts: number): Shape {
  const users = Math.min(100_000, Math.max(200, Math.round(posts / 10)));
  return {
    posts,
    users,
    tokens: Math.min(users, 1000),
    comments: posts,
    bookmarks: Math.round(posts / 2),
    messages: Math.max(1000, posts),
  };
}

export const benchToken = (userId: number) => `bench-token-${userId}`;
/**
 * Conversation 1 is between users 1 and 2 and holds this many messages: one full page of the
 * messages list (LIMITS.messagesPerPage), about 162 KB of JSON.
 */
export const SAMPLE_CONVERSATION_MESSAGES = 1000;
/** Open reports in the moderators' queue, on this many listings (several reports each). */
const REPORTS = 600;
const REPORTED_POSTS = 150;
/** The moderator of the dataset (the admin-queue case): the last user with a token. */
export const moderatorOf = (shape: Shape) => shape.tokens;

const BATCH = 50_000;

/**
 * Text columns are made in SQL from word lists passed as arrays: `pick(seed)` is a word chosen by a
 * multiplicative hash, skewed towards the start of the list (square of a uniform number), so a few
 * words are common and most are rare, as in real listings. The search text stores the folded words
 * exactly as the server's searchTextOf does.
 */
const words = [...WORDS_EN, ...WORDS_AR];
const folded = words.map((w) => searchTextOf([w]));
const pickSql = (seed: string) =>
  `($1::text[])[1 + floor(power(((${seed}) * 2654435761::bigint % 1000003) / 1000003.0, 2) * ${words.length})::int]`;
const foldSql = (seed: string) =>
  `($2::text[])[1 + floor(power(((${seed}) * 2654435761::bigint % 1000003) / 1000003.0, 2) * ${words.length})::int]`;

/** Runs `fn(from, to)` over 1…total in batches, logging progress. */
async function batched(
  total: number,
  label: string,
  log: (m: string) => void,
  fn: (from: number, to: number) => Promise<unknown>,
) {
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await fn(from, to);
    if (total > BATCH) log(`seed: ${label} ${to.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`);
  }
}

/**
 * Fills a migrated database that holds only reference data (cities) with a realistic shape: users of
 * both types with preferences and follows, posts with media rows, comments and replies, likes,
 * bookmarks, conversations and messages, English and Arabic mixed. Everything is generated inside
 * the database (INSERT … SELECT over generate_series), in batches, with foreign-key triggers off.
 */
export async function seed(exec: Exec, shape: Shape, log: (m: string) => void): Promise<void> {
  const { posts: N, users: U, comments: C, bookmarks: B, messages: M } = shape;
  const cityRows = (await exec('select count(*)::int as n from cities')).rows[0];
  const cities = Number(cityRows?.n ?? 0);
  if (cities === 0) throw new Error('seed: no cities; start the server once on this database first');
  const w = [words, folded];
  const types = [...PROPERTY_TYPES];
  // Most listings are still available: that status comes twice in the cycle.
  const statuses: ListingStatus[] = ['available', ...LISTING_STATUSES];
  const currency: Currency = 'SAR';
  await exec(`set session_replication_role = replica`);

  await batched(U, 'users', log, (a, b) =>
    exec(
      `insert into users (id, name, email, phone, phone_normalized, user_type, email_verified_at, language, bio, created_at, updated_at)
       select g,
         case when g % 4 = 0 then ($3::text[])[1 + g % array_length($3::text[], 1)] || ' ' || g
              else ($1::text[])[1 + g % array_length($1::text[], 1)] || ' ' || ($2::text[])[1 + (g / 7) % array_length($2::text[], 1)] end,
         'bench' || g || '@bench.makan.example', '+9665' || lpad(g::text, 8, '0'), '+9665' || lpad(g::text, 8, '0'),
         case when g % 4 = 0 then 'developer' else 'retail' end, now(), case when g % 3 = 0 then 'ar' else 'en' end,
         case when g % 2 = 0 then 'Commercial property in the Gulf. عقارات تجارية في الخليج.' end,
         now() - (g || ' minutes')::interval, now()
       from generate_series(${a}::bigint, ${b}::bigint) g`,
      [FIRST_NAMES, LAST_NAMES, COMPANY_WORDS],
    ),
  );
  await batched(U, 'preferences', log, (a, b) =>
    exec(
      `insert into user_preferences (user_id, purpose, property_types, preferred_locations, updated_at)
       select g, ($2::text[])[1 + g % ${PURPOSES.length}],
         array[($1::text[])[1 + g % ${types.length}], ($1::text[])[1 + (g / 3) % ${types.length}]],
         array[1 + g % ${cities}, 1 + (g * 7) % ${cities}], now()
       from generate_series(${a}::bigint, ${b}::bigint) g`,
      [types, [...PURPOSES]],
    ),
  );
  await batched(U, 'follows', log, (a, b) =>
    exec(
      `insert into follows (follower_id, followee_id, created_at)
       select g, 1 + (g * k * 131) % ${U}, now() from generate_series(${a}::bigint, ${b}::bigint) g, generate_series(1, 10) k
       where 1 + (g * k * 131) % ${U} <> g
       on conflict do nothing`,
    ),
  );
  await exec(
    `insert into auth_tokens (user_id, token_hash, expires_at)
     select g, encode(sha256(convert_to('bench-token-' || g, 'UTF8')), 'hex'), now() + interval '30 days'
     from generate_series(1, ${shape.tokens}) g`,
  );

  // Posts: 8–20 words each; ids grow with time, the newest last, like real posting.
  await batched(N, 'posts', log, (a, b) =>
    exec(
      `insert into posts (id, user_id, description, property_type, city_id, purpose, price, currency, area_m2, status,
                          search_text, search_vector, created_at, updated_at)
       select g, 1 + (g * 7919) % ${U}, d.description, ($3::text[])[1 + g % ${types.length}], 1 + (g * 31) % ${cities},
         ($4::text[])[1 + g % ${LISTING_PURPOSES.length}], 50000 + (g * 7717) % 5000000, $6::text, 40 + (g * 13) % 5000,
         ($5::text[])[1 + g % ${statuses.length}],
         d.search_text || ' ' || c.search_text, to_tsvector('simple', d.search_text || ' ' || c.search_text),
         now() - ((${N} - g) * 30 || ' seconds')::interval, now() - ((${N} - g) * 30 || ' seconds')::interval
       from generate_series(${a}::bigint, ${b}::bigint) g
       join cities c on c.id = 1 + (g * 31) % ${cities}
       cross join lateral (
         select string_agg(${pickSql('g * 40 + k')}, ' ' order by k) as description,
                string_agg(${foldSql('g * 40 + k')}, ' ' order by k) as search_text
         from generate_series(1, 8 + g % 13) k
       ) d`,
      [...w, types, [...LISTING_PURPOSES], statuses, currency],
    ),
  );
  await batched(N, 'media', log, (a, b) =>
    exec(
      `insert into post_media (post_id, position, key, file_name, size, width, height)
       select g, k, 'bench-' || g || '-' || k, 'photo-' || k || '.jpg', 180000 + (g * k) % 90000, 1600, 1200
       from generate_series(${a}::bigint, ${b}::bigint) g, generate_series(0, g % 3) k`,
    ),
  );
  await batched(N, 'likes', log, (a, b) =>
    exec(
      `insert into post_likes (post_id, user_id, created_at)
       select g, 1 + (g * k * 7919 + k) % ${U}, now() from generate_series(${a}::bigint, ${b}::bigint) g, generate_series(1, g % 7) k
       on conflict do nothing`,
    ),
  );
  const top = Math.round(C * 0.7);
  await batched(top, 'comments', log, (a, b) =>
    exec(
      `insert into comments (id, post_id, user_id, body, created_at, updated_at)
       select g, 1 + (g * 7919) % ${N}, 1 + (g * 131) % ${U},
         (select string_agg(${pickSql('g * 20 + k')}, ' ' order by k) from generate_series(1, 4 + g % 9) k),
         now() - ((${C} - g) * 20 || ' seconds')::interval, now()
       from generate_series(${a}::bigint, ${b}::bigint) g`,
      [words],
    ),
  );
  await batched(C - top, 'replies', log, (a, b) =>
    exec(
      `insert into comments (id, post_id, parent_id, user_id, body, created_at, updated_at)
       select ${top} + g, 1 + (p * 7919) % ${N}, p, 1 + (g * 173) % ${U},
         (select string_agg(${pickSql('g * 20 + k + 7')}, ' ' order by k) from generate_series(1, 3 + g % 7) k),
         now() - ((${C - top} - g) * 20 || ' seconds')::interval, now()
       from generate_series(${a}::bigint, ${b}::bigint) g, lateral (select 1 + (g * 37) % ${top} as p) parent`,
      [words],
    ),
  );
  await batched(B, 'bookmarks', log, (a, b) =>
    exec(
      `insert into bookmarks (post_id, user_id, created_at)
       select 1 + (g * 7919) % ${N}, 1 + (g * 31) % ${U}, now() from generate_series(${a}::bigint, ${b}::bigint) g
       on conflict do nothing`,
    ),
  );

  // Conversations: user u talks with u+1 and u+2; conversation 1 is users 1 and 2.
  const conversations = 2 * U;
  await exec(
    `insert into conversations (id, pair_key, created_at, updated_at)
     select 2 * (u - 1) + k, least(u, v) || ':' || greatest(u, v), now() - interval '30 days', now()
     from generate_series(1, ${U}) u, generate_series(1, 2) k, lateral (select 1 + (u + k - 1) % ${U} as v) p`,
  );
  await exec(
    `insert into conversation_participants (conversation_id, user_id, joined_at)
     select c.id, split_part(c.pair_key, ':', s)::int, c.created_at from conversations c, generate_series(1, 2) s`,
  );
  const sample = SAMPLE_CONVERSATION_MESSAGES;
  await batched(M, 'messages', log, (a, b) =>
    exec(
      `insert into messages (id, conversation_id, sender_id, content, type, search_text, created_at, updated_at)
       select g, c.id, split_part(c.pair_key, ':', (1 + g % 2)::int)::int, t.content, 'text', t.search_text,
         now() - ((${M} - g) * 10 || ' seconds')::interval, now() - ((${M} - g) * 10 || ' seconds')::interval
       from generate_series(${a}::bigint, ${b}::bigint) g
       join conversations c on c.id = case when g <= ${sample} then 1 else 1 + (g * 7919) % ${conversations} end
       cross join lateral (
         select string_agg(${pickSql('g * 16 + k + 3')}, ' ' order by k) as content,
                string_agg(${foldSql('g * 16 + k + 3')}, ' ' order by k) as search_text
         from generate_series(1, 2 + g % 12) k
       ) t`,
      w,
    ),
  );
  await exec(
    `update conversations c set last_message_id = m.last_id, last_activity_at = m.at
     from (select conversation_id, max(id) as last_id, max(created_at) as at from messages group by conversation_id) m
     where m.conversation_id = c.id`,
  );
  // Each side has read all but the last message or two.
  await exec(
    `update conversation_participants p set last_read_message_id = greatest(0, c.last_message_id - (p.user_id % 2)), last_read_at = now()
     from conversations c where c.id = p.conversation_id and c.last_message_id is not null`,
  );
  await seedNotificationsAndReports(exec, shape);
  await seedSavedSearches(exec, shape, cities);
  for (const table of [
    'users',
    'posts',
    'post_media',
    'comments',
    'bookmarks',
    'conversations',
    'messages',
    'auth_tokens',
  ]) {
    await exec(
      `select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 1) from ${table}))`,
    );
  }
  await exec(`set session_replication_role = origin`);
  await exec('analyze');
}

/**
 * Each user with a token has a notification per like on each of their listings (up to 20, the
 * newest unread, 1–3 likers each) and one of new followers (3 of them): the notifications list.
 * Open reports by many members on a few listings, and a moderator to read them: the admin queue.
 */
async function seedNotificationsAndReports(exec: Exec, shape: Shape) {
  const { users: U, tokens: T, posts: N } = shape;
  await exec(
    `insert into notifications (recipient_id, kind, group_key, post_id, read_at, created_at, updated_at)
     select p.user_id, 'like', 'like:post:' || p.id, p.id,
       case when p.rank > 3 then now() - interval '1 hour' end,
       now() - (p.rank || ' hours')::interval, now() - (p.rank || ' minutes')::interval
     from (select id, user_id, row_number() over (partition by user_id order by id desc) as rank
           from posts where user_id <= ${T}) p
     where p.rank <= 20`,
  );
  await exec(
    `insert into notifications (recipient_id, kind, group_key, created_at, updated_at)
     select g, 'follow', 'follow', now() - interval '2 days', now() - interval '30 seconds'
     from generate_series(1, ${T}) g`,
  );
  await exec(
    `insert into notification_actors (notification_id, actor_id, event_id, created_at)
     select n.id, 1 + (n.id * 131 + k * 7919) % ${U}, n.id * 4 + k, n.updated_at
     from notifications n, generate_series(1, 3) k
     where k <= 1 + n.id % 3 or n.kind = 'follow'
     on conflict do nothing`,
  );
  await exec(
    `insert into reports (reporter_id, target_type, target_id, target_user_id, reason, details, created_at)
     select 1 + (g * 37) % ${U}, 'post', t.id, t.user_id, ($1::text[])[1 + g % 3], 'Seen twice with other prices',
       now() - (g || ' minutes')::interval
     from generate_series(1, ${REPORTS}) g
     join posts t on t.id = ${N} - (g * 7) % ${REPORTED_POSTS}
     on conflict do nothing`,
    [['fraud', 'misleading', 'wrong_details']],
  );
  await exec(`update users set role = 'moderator' where id = ${moderatorOf(shape)}`);
}

/** Saved searches each user with a token keeps (issue 23): the saved searches list. */
export const SAVED_SEARCHES_PER_USER = 8;

/**
 * Each user with a token keeps SAVED_SEARCHES_PER_USER saved searches (a type, a city or two, a
 * purpose, some a price band or a keyword), each with the listings it matched (a few dozen, some
 * since it was last opened): the saved searches list and its new-match counts.
 */
async function seedSavedSearches(exec: Exec, shape: Shape, cities: number) {
  const { tokens: T, posts: N } = shape;
  const types = [...PROPERTY_TYPES];
  await exec(
    `insert into saved_searches (user_id, name, keyword, ts_query, property_types, city_ids, purpose, currency,
       price_min, price_max, frequency, last_opened_at, created_at, updated_at)
     select u, 'Search ' || k || ' of ' || u,
       case when k % 4 = 0 then 'warehouse' end, case when k % 4 = 0 then 'warehouse:*' end,
       array[($1::text[])[1 + (u + k) % cardinality($1::text[])]],
       case when k % 3 = 0 then array[1 + (u * k) % ${cities}, 1 + (u * k + 5) % ${cities}]
         else array[1 + (u * k) % ${cities}] end,
       (array['sale', 'rent', null])[1 + k % 3],
       case when k % 2 = 0 then 'SAR' end, case when k % 2 = 0 then 100000 end, case when k % 2 = 0 then 5000000 end,
       case when k % 5 = 0 then 'daily' else 'instant' end,
       now() - interval '2 days', now() - (k || ' days')::interval - interval '3 days', now() - interval '2 days'
     from generate_series(1, ${T}) u, generate_series(1, ${SAVED_SEARCHES_PER_USER}) k`,
    [types],
  );
  await exec(
    `insert into saved_search_slots (property_type, city_id, purpose, search_id)
     select t, c, coalesce(s.purpose, ''), s.id
     from saved_searches s, unnest(s.property_types) t, unnest(s.city_ids) c
     on conflict do nothing`,
  );
  await exec(
    `insert into saved_search_matches (search_id, post_id, matched_at)
     select s.id, ${N} - ((s.id * 97 + j * 13) % ${N}), now() - (j || ' hours')::interval
     from saved_searches s, generate_series(1, 40) j
     on conflict do nothing`,
  );
}
