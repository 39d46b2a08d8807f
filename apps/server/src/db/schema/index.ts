export { dataExports } from './account.ts';
export { authTokens, oauthStates, passwordResetTokens, socialAccounts, verificationCodes } from './auth.ts';
export {
  conversationParticipants,
  conversations,
  messageAttachments,
  messages,
  serverSecrets,
} from './chat.ts';
export { cities } from './cities.ts';
export { contactMessages } from './contact.ts';
export { idempotencyKeys } from './idempotency.ts';
export { companyVerifications, moderationActions, reports } from './moderation.ts';
export {
  mentions,
  notificationActors,
  notificationEvents,
  notificationPreferences,
  notifications,
  pushDeliveries,
  pushSubscriptions,
} from './notifications.ts';
export { bookmarks, comments, postLikes, postMedia, posts } from './posts.ts';
export { follows, onboardingProgress, profileViews, userBlocks, userPreferences } from './profiles.ts';
export { rateLimits } from './rate-limits.ts';
export { savedSearchDigests, savedSearches, savedSearchMatches, savedSearchSlots } from './saved-searches.ts';
export { users } from './users.ts';
