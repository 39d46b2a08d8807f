import type { Language } from '@makan/contract/languages';
import type { Post } from '@makan/contract/posts';
import { describeCriteria, SAVED_SEARCHES_MAX, savedSearchName } from '@makan/contract/saved-search-words';
import {
  type CreateSavedSearchRequest,
  createSavedSearchRequest,
  type SavedSearch,
  type SavedSearchCriteria,
  savedSearchCriteria,
  type UpdateSavedSearchRequest,
  updateSavedSearchRequest,
} from '@makan/contract/saved-searches';
import type { MailMessage } from '../../adapters/mail.ts';
import type { Clock } from '../../lib/clock.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { fieldFailures } from '../../lib/field-errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { createWorkerLoop } from '../../lib/worker-loop.ts';
import { toTsQuery } from '../posts/posts.search.ts';
import { savedSearchDigestEmail } from './saved-searches.messages.ts';
import type { SavedSearchesRepository, SavedSearchRow } from './saved-searches.repository.ts';

export type SavedSearchesDeps = {
  savedSearches: SavedSearchesRepository;
  clock: Clock;
  /** Listings by id as `viewerId` may see them, in the order given (hidden ones left out). */
  posts: (ids: number[], viewerId: number) => Promise<Post[]>;
  sendEmail: (message: MailMessage) => Promise<void>;
  publicUrl: string;
  /** The one-click unsubscribe link for a user (the notifications' own: every email off). */
  unsubscribeUrl: (userId: number) => Promise<string>;
  digest: { everyMs: number; collectMs: number };
  log: Pick<Logger, 'warn'>;
};

/** Users asked for at a time by one pass of the daily emails. */
const DIGEST_BATCH = 50;

function view(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    criteria: {
      keyword: row.keyword,
      property_types: row.property_types,
      city_ids: row.city_ids,
      purpose: row.purpose,
      currency: row.currency,
      price_min: row.price_min,
      price_max: row.price_max,
      area_min: row.area_min,
      area_max: row.area_max,
    },
    frequency: row.frequency,
    paused: row.paused,
    new_count: row.new_count,
    last_opened_at: row.last_opened_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Saved searches (issue 23): a user's searches, kept, run again, renamed, paused; the daily
 * emails of what matched. Matching itself runs in the notification workers (a 'match' event per
 * listing written or changed: notifications.service.ts).
 */
export function createSavedSearchesService(deps: SavedSearchesDeps) {
  const { savedSearches: repo, clock } = deps;

  /** A name from the criteria in the user's language, as the web offers it: 'Office or Warehouse · for rent · Riyadh'. */
  async function defaultName(criteria: SavedSearchCriteria, language: Language): Promise<string> {
    const names = await repo.cityNames(criteria.city_ids);
    const cities = criteria.city_ids.flatMap((id) => names.get(id)?.[language] ?? []);
    return savedSearchName(describeCriteria(criteria, language, cities), language);
  }

  async function owned(userId: number, id: number) {
    const row = await repo.find(userId, id);
    if (!row) throw new NotFound('savedSearchNotFound');
    return row;
  }

  /** One pass of the daily emails: each user owed one gets their matches in one email. */
  async function digests() {
    const now = clock.now();
    const users = await repo.digestCandidates(now, deps.digest.collectMs, deps.digest.everyMs, DIGEST_BATCH);
    for (const user of users) {
      if (!(await repo.claimDigest(user.id, now, deps.digest.everyMs))) continue;
      const items = await repo.pending(user.id, now);
      const last = items.at(-1);
      if (!last) {
        // What was waiting is off the market or hidden now: nothing to send, nothing left to wait.
        await repo.sent(user.id, now);
        await repo.releaseDigest(user.id, now);
        continue;
      }
      const message = savedSearchDigestEmail({
        language: user.language,
        name: user.name,
        items,
        publicUrl: deps.publicUrl,
        unsubscribeUrl: await deps.unsubscribeUrl(user.id),
      });
      try {
        await deps.sendEmail({ to: user.email, ...message });
      } catch (err) {
        // Not sent: the matches stay waiting and the turn is given back, so the next pass tries again.
        deps.log.warn({ err, userId: user.id }, 'saved search email not sent');
        await repo.releaseDigest(user.id, now);
        continue;
      }
      await repo.sent(user.id, last.matched_at);
    }
  }

  const loop = createWorkerLoop({ name: 'saved search emails', log: deps.log, runOnce: digests });

  return {
    start: (everyMs: number) => loop.start(everyMs),
    stop: () => loop.stop(),
    /** One pass of the daily emails now (tests, and the timer). */
    runDigests: digests,

    async list(userId: number) {
      return { saved_searches: (await repo.list(userId)).map(view), max: SAVED_SEARCHES_MAX };
    },

    async create(userId: number, body: CreateSavedSearchRequest): Promise<SavedSearch> {
      const parsed = createSavedSearchRequest.safeParse(body);
      if (!parsed.success) throw new Invalid(fieldFailures(parsed.error.issues, body));
      let criteria = parsed.data.criteria;
      const tsQuery = criteria.keyword ? toTsQuery(criteria.keyword) : null;
      // A keyword with nothing searchable in it ('!!!') looks for nothing: it is not kept.
      if (criteria.keyword && !tsQuery) {
        const without = savedSearchCriteria.safeParse({ ...criteria, keyword: null });
        if (!without.success) throw new Invalid({ 'criteria.keyword': 'searchKeywordRequired' });
        criteria = without.data;
      }
      const known = await repo.knownCities(criteria.city_ids);
      if (criteria.city_ids.some((id) => !known.has(id)))
        throw new Invalid({ 'criteria.city_ids': 'unknownCity' });
      const name = parsed.data.name ?? (await defaultName(criteria, await repo.language(userId)));
      const row = await repo.create({
        userId,
        name,
        criteria,
        tsQuery,
        frequency: parsed.data.frequency,
        max: SAVED_SEARCHES_MAX,
        now: clock.now(),
      });
      if (!row) throw new Invalid({}, { code: 'savedSearchLimit', params: { max: SAVED_SEARCHES_MAX } });
      return view(row);
    },

    async update(userId: number, id: number, body: UpdateSavedSearchRequest): Promise<SavedSearch> {
      const parsed = updateSavedSearchRequest.safeParse(body);
      if (!parsed.success) throw new Invalid(fieldFailures(parsed.error.issues, body));
      const row = await repo.update(userId, id, parsed.data, clock.now());
      if (!row) throw new NotFound('savedSearchNotFound');
      return view(row);
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await repo.remove(userId, id))) throw new NotFound('savedSearchNotFound');
    },

    /** Runs a search: the listings it matches now, newest first; the first page marks it seen. */
    async run(userId: number, id: number, query: { cursor?: number | undefined; per_page: number }) {
      const row = await owned(userId, id);
      const now = clock.now();
      const ids = await repo.postIds(userId, id, query.cursor, query.per_page + 1, now);
      const page = ids.slice(0, query.per_page);
      const posts = await deps.posts(page, userId);
      // The first page is a visit: nothing is new any more as of now.
      const visit = query.cursor === undefined;
      if (visit) await repo.opened(userId, id, now);
      return {
        saved_search: view(visit ? { ...row, last_opened_at: now, new_count: 0 } : row),
        posts,
        next_cursor: ids.length > query.per_page ? (page.at(-1) ?? null) : null,
      };
    },
  };
}
export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
