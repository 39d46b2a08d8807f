import path from 'node:path';
import { LIMITS } from '@makan/contract/limits';
import { UNSUBSCRIBE_PATH } from '@makan/contract/notifications';
import { conversationChannel } from '@makan/contract/realtime';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMailer, type Mailer } from './adapters/mail.ts';
import { createOutbox } from './adapters/outbox.ts';
import { createSmsSender, type SmsSender } from './adapters/sms.ts';
import { createPushSender, makeVapidKeys, type VapidKeys, vapidKeysSchema } from './adapters/web-push.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { trustFunction } from './lib/client-address.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createSerializerCompiler } from './lib/fast-serializer.ts';
import type { App } from './lib/http.ts';
import { requestLogFields } from './lib/log-fields.ts';
import { createPasswordHasher } from './lib/password.ts';
import { cryptoRandom, type Random } from './lib/random.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { createAccountService } from './modules/account/account.service.ts';
import { createAccountDataRepository } from './modules/account/account-data.repository.ts';
import { createAccountJobs, exportKey } from './modules/account/account-jobs.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService, type Notifier } from './modules/auth/auth.service.ts';
import { createBlocksRepository } from './modules/blocks/blocks.repository.ts';
import { blocksRoutes } from './modules/blocks/blocks.routes.ts';
import { createBlocksService } from './modules/blocks/blocks.service.ts';
import { createAttachmentsRepository } from './modules/chat/attachments.repository.ts';
import { createAttachmentsService } from './modules/chat/attachments.service.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { chatSocket } from './modules/chat/chat.socket.ts';
import { type ChatPublisher, createChatAccess } from './modules/chat/chat-access.service.ts';
import { createChatFiles } from './modules/chat/chat-files.ts';
import { createChatViews } from './modules/chat/chat-views.service.ts';
import { createConversationsRepository } from './modules/chat/conversations.repository.ts';
import { createConversationsService } from './modules/chat/conversations.service.ts';
import { createMessageSendRepository } from './modules/chat/message-send.repository.ts';
import { createMessagesRepository } from './modules/chat/messages.repository.ts';
import { createMessagesService } from './modules/chat/messages.service.ts';
import { createPresenceRepository } from './modules/chat/presence.repository.ts';
import { presenceRoutes } from './modules/chat/presence.routes.ts';
import { createPresenceService } from './modules/chat/presence.service.ts';
import { presenceSocket } from './modules/chat/presence.socket.ts';
import { createReadStateRepository } from './modules/chat/read-state.repository.ts';
import { createReadStateService } from './modules/chat/read-state.service.ts';
import { createCitiesRepository } from './modules/cities/cities.repository.ts';
import { citiesRoutes } from './modules/cities/cities.routes.ts';
import { createCitiesService } from './modules/cities/cities.service.ts';
import { createContactRepository } from './modules/contact/contact.repository.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { createContactService } from './modules/contact/contact.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { scheduleHousekeeping } from './modules/housekeeping/housekeeping.ts';
import { createIdempotencyRepository } from './modules/idempotency/idempotency.repository.ts';
import { createIdempotency } from './modules/idempotency/idempotency.ts';
import { createLinkedinRepository } from './modules/linkedin/linkedin.repository.ts';
import { linkedinRoutes } from './modules/linkedin/linkedin.routes.ts';
import { createLinkedinService } from './modules/linkedin/linkedin.service.ts';
import { createImageStore, removeQuietly } from './modules/media/image-store.ts';
import { createMediaRepository } from './modules/media/media.repository.ts';
import { openMediaStores } from './modules/media/media-stores.ts';
import { scheduleMediaSweep } from './modules/media/media-sweep.ts';
import { createModerationRepository } from './modules/moderation/moderation.repository.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { createListingSignals, createModerationService } from './modules/moderation/moderation.service.ts';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createPushRepository } from './modules/notifications/push.repository.ts';
import { pushRoutes } from './modules/notifications/push.routes.ts';
import { createPushService } from './modules/notifications/push.service.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { createOnboardingService } from './modules/onboarding/onboarding.service.ts';
import { createCommentsRepository } from './modules/posts/comments.repository.ts';
import { createPostsRepository } from './modules/posts/posts.repository.ts';
import { postsRoutes } from './modules/posts/posts.routes.ts';
import { createPostsService } from './modules/posts/posts.service.ts';
import { profileMediaRoutes } from './modules/profiles/profile-media.routes.ts';
import { createProfilesRepository } from './modules/profiles/profiles.repository.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { createProfilesService } from './modules/profiles/profiles.service.ts';
import { createMemoryRateLimitRepository } from './modules/rate-limit/rate-limit.memory.ts';
import { createRedisRateLimitRepository } from './modules/rate-limit/rate-limit.redis.ts';
import { createRateLimitRepository } from './modules/rate-limit/rate-limit.repository.ts';
import { createRateLimits, type Rule } from './modules/rate-limit/rate-limit.service.ts';
import { createSavedSearchesRepository } from './modules/saved-searches/saved-searches.repository.ts';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes.ts';
import { createSavedSearchesService } from './modules/saved-searches/saved-searches.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { createVerificationRepository } from './modules/verification/verification.repository.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { createVerificationService } from './modules/verification/verification.service.ts';
import { createAuthGuard } from './plugins/auth.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerMedia } from './plugins/media.ts';
import { backgroundQueues, createMetrics, registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRealtime } from './plugins/realtime.ts';
import { registerRequestIds, requestIdOf } from './plugins/request-id.ts';
import { registerSecurity } from './plugins/security.ts';
import { addPagePreview, registerWeb } from './plugins/web.ts';
import { runSeed } from './seed.ts';

export type AppOverrides = {
  /** An already open database (tests); otherwise opened from the config. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  sms?: SmsSender;
  clock?: Clock;
  random?: Random;
  /** How the server waits when it slows down repeated failures; tests record instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
  logger?: boolean;
  /** Where the log lines go instead of stdout (a test reading what is logged). */
  logStream?: { write: (line: string) => void };
  /**
   * Every answer through zod's serializer, also those marked for the compiled one (the test that
   * compares both byte for byte).
   */
  zodSerializer?: boolean;
};

/** The whole server, top to bottom: config, database, plugins, then each module. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<App> {
  const trusted = config.trustProxy;
  const trustAddress = trustFunction(trusted);
  const app = Fastify({
    logger:
      overrides.logger === false
        ? false
        : {
            level: config.logLevel,
            // Capability addresses (an unsubscribe token, a file's signature) stay out of the logs.
            serializers: { req: requestLogFields },
            ...(overrides.logStream ? { stream: overrides.logStream } : {}),
          },
    genReqId: (req) => requestIdOf(req, trustAddress),
    bodyLimit: 1024 * 1024,
    trustProxy: trusted === false ? false : trustAddress,
    // Closing, a request already received on an open connection is answered (with `Connection: close`,
    // which Fastify adds then), not refused with 503: a busy node can read a request sent seconds before
    // the signal only after it, and its sender did nothing wrong. New connections are refused (server.ts).
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ useZod: overrides.zodSerializer ?? false }));
  registerRequestIds(app, { nodeName: config.nodeName });
  const metrics = createMetrics();

  // Database: migrations and reference/demo data, once even when several processes start together.
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'db'),
      log: app.log,
      backgroundConnections: config.databaseBackgroundConnections,
    }));
  app.addHook('onClose', async () => {
    await database.close();
  });
  const citiesRepository = createCitiesRepository(database.db);
  const usersRepository = createUsersRepository(database.db);
  const profilesRepository = createProfilesRepository(database.db);
  const postsRepository = createPostsRepository(database.db);
  // Who blocked whom: read wherever two users could meet (posts, comments, follows, chat).
  const blocksRepository = createBlocksRepository(database.db);
  const blockRelations = (viewerId: number) => blocksRepository.relations(viewerId, clock.now());
  const hiddenFrom = async (viewerId: number) => (await blockRelations(viewerId)).hidden;
  // The chat's data, one repository per responsibility; the seed writes demo conversations through them.
  const chatData = {
    conversations: createConversationsRepository(database.db),
    messages: createMessagesRepository(database.db),
    messageSend: createMessageSendRepository(database.db),
    readState: createReadStateRepository(database.db),
    attachments: createAttachmentsRepository(database.db),
  };
  const hasher = createPasswordHasher({ cost: config.scryptCost });
  // Media: photos and chat files in folders of DATA_DIR or in a bucket (MEDIA_STORE); uploads wait on
  // this machine's disk while they are checked and re-encoded.
  const mediaStores = openMediaStores(config.mediaStorage, config.dataDir, (operation) =>
    metrics.mediaErrors.inc({ operation }),
  );
  app.addHook('onClose', async () => mediaStores.close());
  const incomingDir = path.join(config.dataDir, 'media', '.incoming');
  const images = createImageStore({
    store: mediaStores.media,
    incomingDir,
    publicBaseUrl: config.mediaPublicBaseUrl,
  });
  const chatFiles = createChatFiles({ store: mediaStores.chat, incomingDir });
  await database.withStartupLock(async () => {
    await database.migrate();
    await runSeed({
      cities: citiesRepository,
      users: usersRepository,
      profiles: profilesRepository,
      posts: postsRepository,
      chat: chatData,
      db: database.db,
      images,
      hasher,
      now: (overrides.clock ?? systemClock).now(),
      mode: config.seed,
      log: app.log,
    });
  });
  const mediaRepository = createMediaRepository(database.db);
  const mediaSweep = scheduleMediaSweep({
    images,
    referenced: mediaRepository.referencedKeys,
    chatFiles,
    referencedChatFiles: mediaRepository.referencedChatFiles,
    withTryLock: database.withTryLock,
    embedded: database.kind === 'pglite',
    startedAt: new Date(),
    now: () => new Date(),
    log: app.log,
  });
  app.addHook('onListen', async () => mediaSweep.start());
  app.addHook('preClose', () => mediaSweep.stop());

  // Cross-cutting plugins.
  const clock = overrides.clock ?? systemClock;
  const outbox = createOutbox({ dir: path.join(config.dataDir, 'outbox'), log: app.log });
  const mailer = overrides.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox });
  const sms =
    overrides.sms ?? createSmsSender({ httpUrl: config.sms.httpUrl, token: config.sms.token, outbox });
  const databaseCounters = createRateLimitRepository(database.db);
  const redisCounters = config.redisUrl
    ? createRedisRateLimitRepository({
        url: config.redisUrl,
        prefix: config.redisPrefix,
        fallback: databaseCounters,
        log: app.log,
      })
    : undefined;
  if (redisCounters) app.addHook('onClose', redisCounters.close);
  const limits = createRateLimits({ repo: redisCounters ?? databaseCounters, clock });
  // Chat messages are the hot path: with Redis (several nodes), counted there like every limit, so a
  // user's messages count once whichever node takes them (issue 24); alone, in this process, not with
  // a round trip to the database per message.
  const localLimits = createRateLimits({
    repo: redisCounters ?? createMemoryRateLimitRepository(),
    clock,
  });
  const perMinute = (limit: number, code: 'tooManyMessages' | 'tooManyComments'): Rule => ({
    limit,
    windowMs: 60_000,
    message: (seconds) => ({ code, params: { seconds } }),
  });
  const messageRule = perMinute(config.limits.messagesPerMinute, 'tooManyMessages');
  const commentRule = perMinute(config.limits.commentsPerMinute, 'tooManyComments');
  registerErrorHandling(app);
  registerSecurity(app, { publicUrl: config.publicUrl, mediaBaseUrl: config.mediaPublicBaseUrl });
  await registerOpenApi(app, { publicUrl: config.publicUrl, supportEmail: config.supportEmail });
  registerMedia(app, { store: mediaStores.media });

  // Modules.
  const random = overrides.random ?? cryptoRandom;
  healthRoutes(app, { ping: database.ping });
  // Notifications (issue 22): actions enqueue what happened; a worker in every process groups it
  // into notifications and tells the recipients' sockets (on every process, through Redis when set).
  const commentsRepository = createCommentsRepository(database.db);
  const notifications = createNotificationsService({
    notifications: createNotificationsRepository(database.db),
    queue: createNotificationsRepository(database.background ?? database.db),
    clock,
    postAuthor: async (postId) => (await postsRepository.findOwned(postId))?.userId,
    comment: (commentId) => commentsRepository.find(commentId),
    hiddenFrom,
    pictureUrl: (key) => images.url('picture', key),
    publish: (rooms, event, payload) => realtime.publish(rooms, event, payload),
    log: app.log,
    online: (userIds) => realtime.onlineUsers(userIds),
    sendEmail: (message) => mailer.send(message),
    publicUrl: config.publicUrl,
    unsubscribeSecret: () => chatData.attachments.secret('notifications-unsubscribe'),
    digest: {
      awayMs: config.notificationDigestAwayMinutes * 60_000,
      gapMs: config.notificationDigestEveryHours * 3_600_000,
    },
    fanOutChunk: config.notificationsFanOutChunk,
    fanOutShare: config.notificationsFanOutShare,
    leaseMs: config.notificationsLeaseMs,
    pushQueued: () => push.kick(),
  });
  app.addHook('onListen', async () => notifications.start(config.notificationsEveryMs));
  app.addHook('preClose', () => notifications.stop());
  // Web push: the VAPID key pair is made once for the deployment (kept with the other server
  // secrets, the first process to ask makes it) and read once per process.
  let vapid: Promise<VapidKeys> | undefined;
  const vapidKeys = () => {
    vapid ??= chatData.attachments
      .secret('vapid', () => JSON.stringify(makeVapidKeys()))
      .then((value) => vapidKeysSchema.parse(JSON.parse(value)))
      .catch((err: unknown) => {
        vapid = undefined;
        throw err;
      });
    return vapid;
  };
  const push = createPushService({
    push: createPushRepository(database.db),
    queue: createPushRepository(database.background ?? database.db),
    sender: createPushSender({
      keys: vapidKeys,
      subject: config.vapidSubject,
      threads: config.pushSenderThreads,
    }),
    publicKey: async () => (await vapidKeys()).publicKey,
    notifications: (ids) => notifications.byIds(ids),
    inFront: (userIds) => realtime.inFront(userIds),
    clock,
    log: app.log,
    extraHosts: config.pushServiceHosts,
  });
  app.addHook('onListen', async () => push.start(config.notificationsEveryMs));
  app.addHook('preClose', () => push.stop());
  const profiles = createProfilesService({
    users: usersRepository,
    profiles: profilesRepository,
    clock,
    imageUrl: (kind, key) => images.url(kind, key),
    countPosts: (authorId) => postsRepository.countByAuthor(authorId),
    blocks: blocksRepository,
    notify: notifications.kick,
  });
  const authRepository = createAuthRepository(database.db);
  const moderationRepository = createModerationRepository(database.db);
  // Every failure to send is logged here: some callers let it fail the request, others (a notice after
  // the change is made) go on without it, and those left no trace of it.
  const loggedSend = (channel: 'email' | 'sms') => (err: unknown) => {
    app.log.warn({ err, channel }, 'could not send a notice');
    throw err;
  };
  const authNotifier: Notifier = {
    email: (to, message) => mailer.send({ to, ...message }).catch(loggedSend('email')),
    sms: (to, text) => sms.send(to, text).catch(loggedSend('sms')),
  };
  // What the login and the account's own changes both work with.
  const credentials = {
    users: usersRepository,
    auth: authRepository,
    limits,
    hasher,
    notifier: authNotifier,
    clock,
    random,
  };
  const auth = createAuthService({
    ...credentials,
    sleep: overrides.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    describeUser: profiles.describeOwner,
    afterSignIn: (userId) => account.keepAccount(userId),
    promoteOnSignIn: async (user) => {
      if (user.role === 'admin' || !config.adminEmails.includes(user.email)) return;
      await moderationRepository.setRole(user.id, 'admin', clock.now());
      await moderationRepository.audit({
        action: 'grant_admin',
        moderatorId: null,
        moderatorName: 'ADMIN_EMAILS',
        targetType: 'user',
        targetId: user.id,
        targetUserId: user.id,
        reason: null,
        createdAt: clock.now(),
      });
    },
  });
  const guard = createAuthGuard(auth.authenticate);
  // Idempotency-Key claims (creating a post), shared by every node through the database.
  const idempotencyKeys = createIdempotencyRepository(database.db);
  const housekeeping = scheduleHousekeeping({
    clock,
    deleteCounters: async (before) =>
      (await limits.deleteOlderThan(before)) + (await localLimits.deleteOlderThan(before)),
    deleteExpiredAuth: (now) => authRepository.deleteExpired(now),
    deleteIdempotencyKeys: (before) => idempotencyKeys.deleteOlderThan(before),
    log: app.log,
  });
  app.addHook('onListen', async () => housekeeping.start());
  app.addHook('preClose', () => housekeeping.stop());
  // Real time on the same port: the bearer token at connect, Redis between processes when set.
  const realtime = registerRealtime(app, {
    authenticate: auth.authenticate,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    log: app.log,
    limits: config.sockets,
    trustProxy: config.trustProxy,
  });
  database.onPoolWait?.((seconds) => metrics.poolWait.observe(seconds));
  registerMetrics(
    app,
    metrics,
    {
      sockets: () => realtime.io.engine.clientsCount,
      pool: database.poolStats,
      queues: () => backgroundQueues(database.db),
    },
    { ...config.metrics, log: app.log },
  );
  authRoutes(app, {
    auth,
    guard,
    afterLogout: (session) => realtime.disconnectSession(session.tokenHash),
    afterPasswordReset: (userId) => realtime.disconnectUser(userId),
  });
  // The signed-in user's own account: password, email and phone, sessions, deletion, a copy of the data.
  const accountData = createAccountDataRepository(database.db);
  const accountJobs = createAccountJobs({
    data: accountData,
    clock,
    removeImage: (kind, key) => images.remove(kind, key),
    removeChatFile: (file) => chatFiles.remove(file),
    // Companies' registration documents (issue 21) and prepared exports: private areas of the shared
    // store, served through the API only (to staff, to the owner).
    verificationStore: mediaStores.verification,
    exportsStore: mediaStores.exports,
    notifier: authNotifier,
    publicUrl: config.publicUrl,
    imageUrl: (kind, key) => images.url(kind, key),
    log: app.log,
  });
  app.addHook('onListen', async () => accountJobs.start(config.accountJobsEveryMs));
  app.addHook('preClose', () => accountJobs.stop());
  const account = createAccountService({
    ...credentials,
    passwordGuard: auth.passwordGuard,
    describeUser: profiles.describeOwner,
    sessionsEnded: (userId, keepTokenHash) =>
      keepTokenHash === null
        ? realtime.disconnectUser(userId)
        : realtime.disconnectOtherSessions(userId, keepTokenHash),
    data: accountData,
    openExport: (fileKey) => mediaStores.exports.get(exportKey(fileKey)),
    kickJobs: accountJobs.kick,
  });
  accountRoutes(app, { guard, account });
  linkedinRoutes(app, {
    linkedin: createLinkedinService({
      linkedin: createLinkedinRepository(database.db),
      users: usersRepository,
      openSession: auth.openSession,
      revokeSessions: async (userId, now) => {
        await authRepository.revokeAllTokens(userId, now);
        realtime.disconnectUser(userId);
      },
      limits,
      clock,
      random,
      config,
      log: app.log,
    }),
  });
  profileMediaRoutes(app, {
    guard,
    images,
    limits,
    setImage: profiles.setImage,
    describeOwner: profiles.describeOwner,
  });
  onboardingRoutes(app, {
    onboarding: createOnboardingService({
      profiles: profilesRepository,
      profileService: profiles,
      cities: citiesRepository,
      clock,
    }),
    guard,
  });
  // Posts: the feed, photos, likes, bookmarks, comments, search, and link previews of /post/{id}.
  const posts = createPostsService({
    posts: postsRepository,
    comments: commentsRepository,
    findCity: citiesRepository.findById,
    photoUrl: (key, size) => images.url('post', key, size === 'small' ? 480 : 1280),
    pictureUrl: (key) => images.url('picture', key),
    removePhotos: (keys) => removeQuietly(images, 'post', keys, app.log),
    countComment: async (userId) => {
      await limits.hit(`comment:user:${userId}`, commentRule);
    },
    hiddenFrom,
    listed: createListingSignals({
      moderation: moderationRepository,
      users: usersRepository,
      clock,
      log: (err) => app.log.error({ err }, 'listing signals failed'),
    }).listed,
    notify: notifications.kick,
    clock,
  });
  // Saved searches (issue 23): kept and run by their owner; matched by the notification workers.
  const savedSearches = createSavedSearchesService({
    savedSearches: createSavedSearchesRepository(database.db),
    clock,
    posts: (ids, viewerId) => posts.byIds(ids, viewerId),
    sendEmail: (message) => mailer.send(message),
    publicUrl: config.publicUrl,
    unsubscribeUrl: async (userId) =>
      `${config.publicUrl}${UNSUBSCRIBE_PATH}?token=${await notifications.unsubscribeToken(userId)}`,
    digest: config.savedSearchDigest,
    log: app.log,
  });
  app.addHook('onListen', async () => savedSearches.start(config.notificationsEveryMs));
  app.addHook('preClose', () => savedSearches.stop());
  savedSearchesRoutes(app, { guard, savedSearches });
  postsRoutes(app, {
    posts,
    guard,
    images,
    limits,
    idempotency: createIdempotency({ keys: idempotencyKeys, clock }),
  });
  profilesRoutes(app, {
    profiles,
    guard,
    postsOf: async (authorId, viewerId) =>
      (await posts.feed(viewerId, { author: authorId, per_page: LIMITS.postsPerPage })).posts,
  });
  addPagePreview(app, async (pathname) => {
    const id = /^\/post\/(\d{1,9})\/?$/.exec(pathname)?.[1];
    const preview = id ? await posts.preview(Number(id)) : undefined;
    if (!preview) return undefined;
    return {
      title: preview.title,
      description: preview.description || preview.title,
      // A path of this app, or already a full address (MEDIA_PUBLIC_BASE_URL).
      image: preview.image?.startsWith('/') ? `${config.publicUrl}${preview.image}` : preview.image,
      url: `${config.publicUrl}/post/${id}`,
    };
  });
  // Chat: conversations, messages and files over HTTP; channels and typing over the socket.
  const chatPublisher: ChatPublisher = {
    publish: (rooms, event, payload) => {
      if (event === 'MessageSent') metrics.messagesSent.inc();
      realtime.publish(rooms, event, payload);
    },
    removeFromChannel: (userId, conversationId) =>
      realtime.removeFromChannel(userId, conversationChannel(conversationId)),
  };
  const chatAccess = createChatAccess({ conversations: chatData.conversations });
  const chatAttachments = createAttachmentsService({
    attachments: chatData.attachments,
    clock,
    fileSecret: await chatData.attachments.secret('chat-files'),
  });
  const chatViews = createChatViews({
    conversations: chatData.conversations,
    messages: chatData.messages,
    attachments: chatData.attachments,
    readState: chatData.readState,
    pictureUrl: (key) => images.url('picture', key),
    fileUrl: chatAttachments.fileUrl,
    blockRelations,
  });
  const chatConversations = createConversationsService({
    conversations: chatData.conversations,
    messageSend: chatData.messageSend,
    access: chatAccess,
    views: chatViews,
    clock,
    publisher: chatPublisher,
    blockedBetween: blocksRepository.between,
  });
  const chatMessages = createMessagesService({
    messages: chatData.messages,
    messageSend: chatData.messageSend,
    access: chatAccess,
    views: chatViews,
    clock,
    publisher: chatPublisher,
    removeFile: (file) => chatFiles.removeQuietly(file, app.log),
    countMessage: async (userId) => {
      await localLimits.hit(`message:user:${userId}`, messageRule);
    },
    blockedBetween: blocksRepository.between,
    conversationParticipants: chatData.conversations.participants,
  });
  blocksRoutes(app, {
    guard,
    blocks: createBlocksService({
      blocks: blocksRepository,
      users: usersRepository,
      conversations: chatData.conversations,
      publisher: chatPublisher,
      clock,
      pictureUrl: (key) => images.url('picture', key),
    }),
  });
  // Trust and safety: reports by members, the moderators' console, the audit log (issue 21).
  const moderation = createModerationService({
    moderation: moderationRepository,
    users: usersRepository,
    posts: postsRepository,
    comments: commentsRepository,
    messages: chatData.messages,
    conversations: chatData.conversations,
    limits,
    notifier: authNotifier,
    clock,
    hiddenFrom,
    photoUrl: (key) => images.url('post', key, 480),
    removePhotos: (keys) => removeQuietly(images, 'post', keys, app.log),
    removeMessage: chatMessages.removeAsModerator,
    endSessions: async (userId) => {
      await authRepository.revokeAllTokens(userId, clock.now());
      realtime.disconnectUser(userId);
    },
    moderated: notifications.moderated,
  });
  moderationRoutes(app, { guard, moderation });
  notificationsRoutes(app, { guard, notifications });
  pushRoutes(app, { guard, push });
  verificationRoutes(app, {
    guard,
    moderation,
    verification: createVerificationService({
      verifications: createVerificationRepository(database.db),
      moderation: moderationRepository,
      users: usersRepository,
      notifier: authNotifier,
      clock,
      store: mediaStores.verification,
    }),
  });
  const chatReadState = createReadStateService({
    conversations: chatData.conversations,
    readState: chatData.readState,
    access: chatAccess,
    clock,
    publisher: chatPublisher,
  });
  chatRoutes(app, {
    conversations: chatConversations,
    messages: chatMessages,
    readState: chatReadState,
    attachments: chatAttachments,
    guard,
    files: chatFiles,
  });
  chatSocket(realtime.io, {
    access: chatAccess,
    messages: chatMessages,
    names: chatConversations.nameOf,
    log: app.log,
    clock,
  });
  // Presence: who of your conversation partners is online, counted over every process's sockets.
  const chatPresence = createPresenceService({
    presence: createPresenceRepository(database.db),
    online: realtime.onlineUsers,
    publisher: chatPublisher,
    clock,
  });
  presenceRoutes(app, { presence: chatPresence, guard });
  const presenceSockets = presenceSocket(realtime.io, {
    presence: chatPresence,
    log: app.log,
    heartbeatMs: config.presenceHeartbeatMs,
  });
  // After the real-time plugin closed this process's sockets: their last_seen_at is stored first.
  app.addHook('preClose', presenceSockets.drain);
  citiesRoutes(app, { cities: createCitiesService({ cities: citiesRepository }) });
  contactRoutes(app, {
    contact: createContactService({
      contact: createContactRepository(database.db),
      mailer,
      supportEmail: config.supportEmail,
      limits,
      log: app.log,
    }),
  });

  // The web app and the fallback for every path no route claimed.
  await registerWeb(app, { webDist: config.webDist });
  return app;
}
