import { z } from 'zod';
import { USER_TYPES, userProfile } from './auth.ts';

/**
 * Blocking (issue 21). Either way round, two users who are blocked never meet: no messages (their
 * conversation stays readable, closed), no follows, neither's posts or comments shown to the other.
 * The blocked user is not told; only the blocker sees that they blocked.
 */

/** One account of the user's list of blocked accounts (Settings). */
export const blockedUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  user_type: z.enum(USER_TYPES),
  picture: userProfile.shape.picture,
  blocked_at: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

export const blockedUsersResult = z.object({ users: z.array(blockedUserSchema) });

/** The state after a block or an unblock. */
export const blockResult = z.object({
  user_id: z.number().int(),
  is_blocked: z.boolean(),
});
