import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { DIGEST } from '@makan/contract/notifications';
import { z } from 'zod';
import { repoRoot } from './paths.ts';

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `must be a URL such as ${example}`,
    })
    .refine((v) => v === undefined || URL.canParse(v), { message: `must be a URL such as ${example}` });

const positiveInt = (fallback: number) =>
  z.coerce.number({ error: 'must be a whole number above 0' }).int().positive().default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql'], 'postgres://user@127.0.0.1:5432/makan'),
  /** PostgreSQL connections of background work (notification and push workers), besides the requests' ten. */
  DATABASE_BACKGROUND_CONNECTIONS: z.coerce
    .number({ error: 'must be a whole number from 0 to 10' })
    .int()
    .min(0)
    .max(10)
    .default(2),
  REDIS_URL: optionalUrl(['redis', 'rediss'], 'redis://127.0.0.1:6379'),
  /** /metrics on its own port (for the monitoring network), or on the app's port behind this token. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z.string().trim().min(16, { message: 'must be at least 16 characters' }).optional(),
  /** This node's name, said in `X-Served-By` on every answer (which node behind a load balancer answered). */
  NODE_NAME: z
    .string()
    .trim()
    .regex(/^[\w.:-]{1,64}$/, { message: 'must be 1 to 64 letters, digits, _ . : or -' })
    .optional(),
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w.:-]{1,64}$/, { message: 'must be 1 to 64 letters, digits, _ . : or -' })
    .default('makan'),
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): boolean | number | string[] => {
      if (!v || v === 'false') return false;
      if (v === 'true') return true;
      if (/^\d{1,2}$/.test(v)) return Number(v);
      const list = v.split(',').map((part) => part.trim());
      if (list.every(isAddressOrRange)) return list;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be true, false, a number of proxy hops, or a comma-separated list of addresses or CIDR ranges',
      });
      return z.NEVER;
    }),
  PUBLIC_URL: optionalUrl(['http', 'https'], 'https://makan.example'),
  SMTP_URL: optionalUrl(['smtp', 'smtps'], 'smtp://user:pass@smtp.example.com:587'),
  MAIL_FROM: z.string().trim().min(3).default('Makan <no-reply@makan.local>'),
  SUPPORT_EMAIL: z.email().default('support@makan.example'),
  /** Who push services may contact about our pushes (RFC 8292 `sub`): mailto:SUPPORT_EMAIL unless set. */
  /** Hosts besides the browsers' push services that devices may subscribe with (comma-separated). */
  PUSH_SERVICE_HOSTS: z
    .string()
    .trim()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    ),
  /** Worker threads that encrypt and send web pushes; 0 sends them from the main thread. */
  PUSH_SENDER_THREADS: z.coerce
    .number({ error: 'must be a whole number from 0 to 8' })
    .int()
    .min(0)
    .max(8)
    .default(1),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (/^(mailto:|https:\/\/)/.test(v) && URL.canParse(v)), {
      message: 'must be a mailto: or https:// URL such as mailto:support@makan.example',
    }),
  /**
   * Emails (comma-separated) of accounts made admins when they sign in: the first admin where running
   * `npm run admin -- grant <email>` is awkward (a container), and the browser tests. Empty: none.
   */
  ADMIN_EMAILS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  WEB_DIST: z.string().trim().min(1).optional(),
  SCRYPT_COST: z.coerce
    .number()
    .int()
    .refine((n) => n >= 1024 && n <= 2 ** 20 && (n & (n - 1)) === 0, {
      message: 'must be a power of two between 1024 and 1048576',
    })
    .default(2 ** 17),
  SMS_HTTP_URL: optionalUrl(['http', 'https'], 'https://sms.example.com/send'),
  SMS_HTTP_TOKEN: z.string().trim().optional(),
  LINKEDIN_CLIENT_ID: z.string().trim().optional(),
  LINKEDIN_CLIENT_SECRET: z.string().trim().optional(),
  LINKEDIN_ISSUER: optionalUrl(['http', 'https'], 'https://www.linkedin.com/oauth'),
  SOCKETS_PER_ADDRESS: positiveInt(200),
  SOCKETS_PER_USER: positiveInt(20),
  SOCKET_AUTH_TIMEOUT_MS: positiveInt(5000),
  SHUTDOWN_TIMEOUT_SECONDS: positiveInt(10),
  PRESENCE_HEARTBEAT_SECONDS: positiveInt(60),
  ACCOUNT_JOBS_EVERY_SECONDS: positiveInt(60),
  /** How often each process looks for notification events (new ones are taken at once as well). */
  NOTIFICATIONS_EVERY_SECONDS: positiveInt(5),
  /** The email digest goes to people away this long, at most once per the hours below. */
  NOTIFICATION_DIGEST_AWAY_MINUTES: positiveInt(DIGEST.awayMinutes),
  NOTIFICATION_DIGEST_EVERY_HOURS: positiveInt(DIGEST.minHoursBetween),
  /** Followers told of a new listing per transaction of its fan-out. */
  NOTIFICATIONS_FAN_OUT_CHUNK: positiveInt(500),
  /** The share of the time (percent) a fan-out works; it rests the rest, so requests go first. */
  NOTIFICATIONS_FAN_OUT_SHARE_PERCENT: z.coerce
    .number({ error: 'must be a whole number from 1 to 100' })
    .int()
    .min(1)
    .max(100)
    .default(50),
  /** A process holds the notification work it took this long; dead, another takes it after. */
  NOTIFICATIONS_LEASE_SECONDS: positiveInt(60),
  /** Saved searches (issue 23): the daily email goes at most once per these hours… */
  SAVED_SEARCH_DIGEST_EVERY_HOURS: positiveInt(24),
  /** …once the first listing it tells of matched this long ago (a burst goes in one email; 0: at once). */
  SAVED_SEARCH_DIGEST_COLLECT_MINUTES: z.coerce
    .number({ error: 'must be a whole number, 0 or more' })
    .int()
    .min(0)
    .default(60),
  /** Where photos and chat files are kept (docs/decisions/025-media-store.md). */
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl(['http', 'https'], 'https://<account>.r2.cloudflarestorage.com'),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: z.string().trim().optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  MEDIA_PUBLIC_BASE_URL: optionalUrl(['http', 'https'], 'https://cdn.makan.example'),
  LIMIT_MESSAGES_PER_MINUTE: positiveInt(120),
  LIMIT_COMMENTS_PER_MINUTE: positiveInt(60),
});

/** 10.0.0.1, 10.0.0.0/8, ::1 or fd00::/8 (what Fastify's trustProxy accepts in a list). */
function isAddressOrRange(part: string): boolean {
  const [address = '', bits, ...rest] = part.split('/');
  const kind = isIP(address);
  if (kind === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (kind === 4 ? 32 : 128);
}

/** A bucket of an S3-compatible service; no keys: the SDK's own chain (instance role, AWS_* variables). */
export type S3Storage = {
  kind: 's3';
  endpoint: string | undefined;
  region: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
};
export type MediaStorage = { kind: 'local' } | S3Storage;

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /**
   * Whom to believe about the client's address (X-Forwarded-For): nobody by default, so a client
   * cannot pick the address its rate limits are counted under; set it when a proxy sits in front.
   */
  trustProxy: boolean | number | string[];
  /** NODE_NAME: said in `X-Served-By`, so an operator (and the several-nodes test) sees which node answered. */
  nodeName: string | undefined;
  /** Names this deployment's Redis channels, so deployments sharing one Redis stay apart. */
  redisPrefix: string;
  /** Where /metrics is served (issue 24): its own port, or the app's behind a token, or nowhere. */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  /** The contact push services see in our VAPID tokens (issue 22). */
  vapidSubject: string;
  pushServiceHosts: string[];
  /** PostgreSQL connections of background work, besides the requests' pool (0: they share it). */
  databaseBackgroundConnections: number;
  /** Threads that encrypt and send web pushes (0: the main thread). */
  pushSenderThreads: number;
  /** ADMIN_EMAILS, lower-cased. */
  adminEmails: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seed: 'demo' | 'none';
  webDist: string;
  scryptCost: number;
  sms: { httpUrl: string | undefined; token: string | undefined };
  linkedin: { clientId: string | undefined; clientSecret: string | undefined; issuer: string };
  /** Open sockets one address (as rate limits see it) and one user may hold on this process. */
  sockets: { perAddress: number; perUser: number; authTimeoutMs: number };
  /** After SIGTERM, how long the process may take to finish what it received before it exits 1 regardless. */
  shutdownTimeoutMs: number;
  /**
   * How often each process stores 'last seen now' for the users with a socket open on it, so a process
   * that dies without closing them (SIGKILL, a lost machine) leaves their last seen this recent at worst.
   */
  presenceHeartbeatMs: number;
  /** How often the account jobs (erasures due, exports asked for, expired archives) look for work. */
  accountJobsEveryMs: number;
  notificationsEveryMs: number;
  notificationDigestAwayMinutes: number;
  notificationDigestEveryHours: number;
  notificationsFanOutChunk: number;
  /** The share of the time (0 to 1) a fan-out works, resting the rest. */
  notificationsFanOutShare: number;
  notificationsLeaseMs: number;
  savedSearchDigest: { everyMs: number; collectMs: number };
  mediaStorage: MediaStorage;
  /**
   * Where browsers fetch public images (a CDN, or the bucket's public address) instead of this app's
   * /media/; unset: through the app.
   */
  mediaPublicBaseUrl: string | undefined;
  /** Per-user rate limits, well above what people do by hand (a busy chat is 10-20 messages a minute). */
  limits: { messagesPerMinute: number; commentsPerMinute: number };
};

export class ConfigError extends Error {}

/** Reads and checks the environment once; a bad value stops the boot with a message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `  ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const mediaStorage = mediaStorageOf(e);
  const base = env.INIT_CWD && existsSync(env.INIT_CWD) ? env.INIT_CWD : repoRoot;
  const resolve = (p: string) => (path.isAbsolute(p) ? p : path.resolve(base, p));
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    nodeName: e.NODE_NAME,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
    pushServiceHosts: e.PUSH_SERVICE_HOSTS,
    pushSenderThreads: e.PUSH_SENDER_THREADS,
    databaseBackgroundConnections: e.DATABASE_BACKGROUND_CONNECTIONS,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    seed: e.SEED,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    scryptCost: e.SCRYPT_COST,
    sms: { httpUrl: e.SMS_HTTP_URL, token: e.SMS_HTTP_TOKEN || undefined },
    linkedin: {
      clientId: e.LINKEDIN_CLIENT_ID || undefined,
      clientSecret: e.LINKEDIN_CLIENT_SECRET || undefined,
      issuer: e.LINKEDIN_ISSUER ?? 'https://www.linkedin.com/oauth',
    },
    sockets: {
      perAddress: e.SOCKETS_PER_ADDRESS,
      perUser: e.SOCKETS_PER_USER,
      authTimeoutMs: e.SOCKET_AUTH_TIMEOUT_MS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    presenceHeartbeatMs: e.PRESENCE_HEARTBEAT_SECONDS * 1000,
    accountJobsEveryMs: e.ACCOUNT_JOBS_EVERY_SECONDS * 1000,
    notificationsEveryMs: e.NOTIFICATIONS_EVERY_SECONDS * 1000,
    notificationDigestAwayMinutes: e.NOTIFICATION_DIGEST_AWAY_MINUTES,
    notificationDigestEveryHours: e.NOTIFICATION_DIGEST_EVERY_HOURS,
    notificationsFanOutChunk: e.NOTIFICATIONS_FAN_OUT_CHUNK,
    notificationsFanOutShare: e.NOTIFICATIONS_FAN_OUT_SHARE_PERCENT / 100,
    notificationsLeaseMs: e.NOTIFICATIONS_LEASE_SECONDS * 1000,
    savedSearchDigest: {
      everyMs: e.SAVED_SEARCH_DIGEST_EVERY_HOURS * 3_600_000,
      collectMs: e.SAVED_SEARCH_DIGEST_COLLECT_MINUTES * 60_000,
    },
    mediaStorage,
    mediaPublicBaseUrl: e.MEDIA_PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    limits: {
      messagesPerMinute: e.LIMIT_MESSAGES_PER_MINUTE,
      commentsPerMinute: e.LIMIT_COMMENTS_PER_MINUTE,
    },
  };
}

function mediaStorageOf(e: z.infer<typeof envSchema>): MediaStorage {
  if (e.MEDIA_STORE === 'local') return { kind: 'local' };
  const missing = [
    ...(e.S3_BUCKET ? [] : ['S3_BUCKET']),
    // Both keys or neither: one alone is a mistake, not a choice of the SDK's chain.
    ...(!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY
      ? [e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID']
      : []),
  ];
  if (!e.S3_BUCKET || missing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  MEDIA_STORE=s3 needs ${missing.join(' and ')}`);
  }
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}
