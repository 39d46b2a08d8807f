import { LANGUAGES, USER_TYPES, VERIFICATION_METHODS } from '@makan/contract/auth';
import { CURRENCIES, LISTING_PURPOSES, LISTING_STATUSES } from '@makan/contract/listing';
import { PROPERTY_TYPES } from '@makan/contract/property-types';
import { PURPOSES } from '@makan/contract/purposes';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../test/test-app.ts';
import type { DatabaseHandle } from '../client.ts';

let database: DatabaseHandle;
let userId = 0;
const insertedId = z.object({ rows: z.tuple([z.object({ id: z.coerce.number() })]) });

beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
  const result =
    await database.db.execute(sql`insert into users (name, email, phone, phone_normalized, user_type)
    values ('Check Tester', 'checks@example.com', '+966500000001', '+966500000001', 'retail') returning id`);
  // Raw results of both drivers carry `rows`.
  userId = insertedId.parse(result).rows[0].id;
});
afterAll(() => database?.close());

/** The database's refusal of a statement (drizzle wraps the driver's error), or 'accepted'. */
async function outcome(statement: SQL): Promise<string> {
  try {
    await database.db.execute(statement);
    return 'accepted';
  } catch (err) {
    if (!(err instanceof Error)) return String(err);
    return err.cause instanceof Error ? err.cause.message : err.message;
  }
}

const post = (fields: {
  type?: string;
  purpose?: string | null;
  currency?: string | null;
  status?: string | null;
}) =>
  sql`insert into posts (user_id, property_type, custom_location, purpose, currency, status)
    values (${userId}, ${fields.type ?? 'office'}, 'Olaya', ${fields.purpose ?? null}, ${fields.currency ?? null}, ${fields.status ?? null})`;

describe('enumerated columns hold only the values the contract lists (CHECK constraints)', () => {
  it('posts: every listed value and NULL are accepted, anything else is refused', async () => {
    for (const type of PROPERTY_TYPES) expect(await outcome(post({ type }))).toBe('accepted');
    for (const purpose of LISTING_PURPOSES) expect(await outcome(post({ purpose }))).toBe('accepted');
    for (const currency of CURRENCIES) expect(await outcome(post({ currency }))).toBe('accepted');
    for (const status of LISTING_STATUSES) expect(await outcome(post({ status }))).toBe('accepted');
    expect(await outcome(post({}))).toBe('accepted');

    expect(await outcome(post({ type: 'castle' }))).toMatch(/posts_property_type_check/);
    // The onboarding purpose 'buy' is not a listing's purpose.
    expect(await outcome(post({ purpose: 'buy' }))).toMatch(/posts_purpose_check/);
    expect(await outcome(post({ currency: 'sar' }))).toMatch(/posts_currency_check/);
    expect(await outcome(post({ status: 'sold' }))).toMatch(/posts_status_check/);
  });

  it('user preferences: an onboarding purpose and property types from the list (an empty list too)', async () => {
    const preferences = (purpose: string, types: string[]) =>
      sql`insert into user_preferences (user_id, purpose, property_types, updated_at)
        values (${userId}, ${purpose}, ${sql.param(types)}::text[], now())
        on conflict (user_id) do update set purpose = excluded.purpose, property_types = excluded.property_types`;
    for (const purpose of PURPOSES) expect(await outcome(preferences(purpose, []))).toBe('accepted');
    expect(await outcome(preferences('rent', [...PROPERTY_TYPES]))).toBe('accepted');

    expect(await outcome(preferences('sale', ['office']))).toMatch(/user_preferences_purpose_check/);
    expect(await outcome(preferences('buy', ['office', 'castle']))).toMatch(
      /user_preferences_property_types_check/,
    );
  });

  it('users: the contract lists of user types, verification methods and languages', async () => {
    const update = (column: string, value: string) =>
      sql`update users set ${sql.identifier(column)} = ${value} where id = ${userId}`;
    for (const v of USER_TYPES) expect(await outcome(update('user_type', v))).toBe('accepted');
    for (const v of VERIFICATION_METHODS)
      expect(await outcome(update('verification_method', v))).toBe('accepted');
    for (const v of LANGUAGES) expect(await outcome(update('language', v))).toBe('accepted');

    expect(await outcome(update('user_type', 'admin'))).toMatch(/users_user_type_check/);
    expect(await outcome(update('verification_method', 'sms'))).toMatch(/users_verification_method_check/);
    expect(await outcome(update('language', 'fr'))).toMatch(/users_language_check/);
  });
});
