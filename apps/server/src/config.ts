import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/web/dist, seen from src/ (dev) and from dist/ (built) alike. */
const defaultWebDist = path.resolve(here, '../../web/dist');
/** <repo>/data, the same whether started from the root or from a workspace. */
const defaultDataDir = path.resolve(here, '../../../data');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

/** A comma-separated list of URLs with one of these schemes; empty or unset: none. */
const urlList = (schemes: string[]) =>
  z
    .string()
    .trim()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .refine((urls) => urls.every((u) => schemes.some((s) => u.startsWith(s)) && !/\s/.test(u)), {
      message: `each must start with ${schemes.join(' or ')}`,
    });

/**
 * The hosts that may frame the app's pages: itself, and the hosts of a Teams tab in Teams, Outlook
 * and the Microsoft 365 app, exactly as Microsoft lists them for a tab's frame-ancestors
 * (learn.microsoft.com, "Prerequisites and considerations for tabs in Teams").
 */
export const DEFAULT_FRAME_ANCESTORS = [
  "'self'",
  'https://teams.microsoft.com',
  'https://*.teams.microsoft.com',
  'https://*.cloud.microsoft',
  'https://*.microsoft365.com',
  'https://*.office.com',
  'https://outlook.office.com',
  'https://outlook.office365.com',
  'https://outlook-sdf.office.com',
  'https://outlook-sdf.office365.com',
] as const;

/**
 * One frame-ancestors source: 'self', an https origin whose host may start with `*.`, or (for a
 * host page on this machine in a local trial) an http origin of localhost or 127.0.0.1. No path,
 * no bare scheme, no `*`: each would let pages nobody listed frame Rally.
 */
const FRAME_ANCESTOR =
  /^(?:'self'|https:\/\/(?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?|http:\/\/(?:localhost|127\.0\.0\.1)(?::\d{1,5})?)$/i;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(defaultDataDir),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().default('Rally <no-reply@rally.local>'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  WEB_DIST_DIR: z.string().default(defaultWebDist),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  TRIAL_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** How often the trial-expiry job runs (ms). */
  TRIAL_EXPIRY_EVERY_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /**
   * Card payments through Stripe (modules/billing). Without STRIPE_SECRET_KEY a built-in
   * test-mode provider takes Stripe's test cards and charges nothing (decisions.md).
   */
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  /** The Stripe Price of the Coach plan ($50.00 a month). */
  STRIPE_PRICE_ID: z.string().trim().optional(),
  /** Another Stripe API address (a local double or stripe-mock), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: optionalUrl(['http://', 'https://']),
  /**
   * The built-in test mode takes Stripe's test cards and charges nothing; a warning says so at
   * start-up. Default: on without the STRIPE_* keys (a fresh install works out of the box), off
   * with them (true with them is refused). false without Stripe turns paying off: the payment page
   * says payments are unavailable and subscribing answers 503.
   */
  BILLING_TEST_MODE: z.enum(['true', 'false']).optional(),
  /** `production` makes the test-mode warning an error-level banner. */
  NODE_ENV: z.string().trim().optional(),
  /** Web Push (VAPID) keys; without both, a pair is generated once into DATA_DIR/vapid.json. */
  VAPID_PUBLIC_KEY: z.string().trim().optional(),
  VAPID_PRIVATE_KEY: z.string().trim().optional(),
  /** Who runs this Rally, for push services: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
    .optional(),
  /**
   * Push services a browser subscription may point at (host names; a leading dot allows
   * subdomains). The server POSTs to that address, so it must never be just any host.
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .trim()
    .default('fcm.googleapis.com,.push.services.mozilla.com,.notify.windows.com,.push.apple.com')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Who may frame the app's pages (CSP frame-ancestors): a space-separated list of 'self' and https
   * origins, a host may start with `*.` (https://*.teams.microsoft.com). Default: DEFAULT_FRAME_ANCESTORS.
   */
  FRAME_ANCESTORS: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.split(/\s+/) : [...DEFAULT_FRAME_ANCESTORS]))
    .superRefine((sources, ctx) => {
      const refused = sources.filter((source) => !FRAME_ANCESTOR.test(source));
      if (refused.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `refused ${refused.join(' ')}: give 'self' and https origins separated by spaces (a host may start with *.; http only for localhost and 127.0.0.1)`,
        });
    }),
  /** HSTS (sent only over HTTPS) also covers subdomains: only when every subdomain has TLS. */
  HSTS_INCLUDE_SUBDOMAINS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** A request (headers and body) must arrive within this many ms, or its connection is closed. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /** Signed-in writes (POST, PUT, DELETE) one user may make a minute, across all calls. */
  LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /**
   * Password sign-in of one account (ADR 0021): after this many failures from anywhere within
   * LOGIN_LOCK_WINDOW_MINUTES, no password is evaluated for it until the window ends; its owner
   * signs in with a mailed code.
   */
  LOGIN_LOCK_AFTER_FAILURES: z.coerce.number().int().min(1).max(1000).default(10),
  LOGIN_LOCK_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** Invitation mails one user may cause an hour and a day, across all teams (ADR 0021). */
  LIMIT_INVITE_RECIPIENTS_PER_HOUR: z.coerce.number().int().min(1).default(100),
  LIMIT_INVITE_RECIPIENTS_PER_DAY: z.coerce.number().int().min(1).default(300),
  /** Engagements one user may create a minute and a day. */
  LIMIT_TEAMS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  LIMIT_TEAMS_PER_DAY: z.coerce.number().int().min(1).default(100),
  /** The request headers must arrive within this many ms. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
  /**
   * The Redis pub/sub channel of team events (with REDIS_URL): every API process of one Rally
   * must use the same one; two Rallies sharing a Redis (or parallel test runs) use different ones.
   */
  REALTIME_CHANNEL: z
    .string()
    .regex(/^[\w:.-]{1,100}$/, 'letters, digits and _ : . - only')
    .default('rally:team-events'),
  /**
   * The event log (ADR 0024): how often each process reads it without being woken (ms). Commits
   * wake it at once in their own process, and on PostgreSQL in every process by NOTIFY; the poll
   * is what another SQLite process, or PostgreSQL behind a transaction-pooling PgBouncer, relies on.
   */
  EVENTS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /** How long handed-out events are kept in the log before they are deleted (hours). */
  EVENTS_RETENTION_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  /**
   * Whether this process hands the event log to its consumers (realtime, notifications…). "false"
   * only records events: another process of the same database delivers them (tests, a web node).
   */
  EVENTS_DISPATCH: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * How long a resolved bearer token is answered from the process's memory (ms; 0: always ask the
   * database). Logouts, password changes and new names evict at once in the writer's process,
   * and in the others at their next read of the event log (within EVENTS_POLL_MS; ADR 0026).
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /**
   * A session ends this many days after its sign-in however often it is used (beside the 30-day
   * idle expiry), so a stolen bearer token does not last for ever.
   */
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** How many days the owner may restore a deleted engagement before it is erased (ADR 0019). */
  TEAM_RESTORE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** How often the job that erases engagements past their restore window runs (ms). */
  TEAM_PURGE_EVERY_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
  /** How often the portfolio's jobs run (ms): "needs attention" notifications, the weekly digest (issue 26). */
  PORTFOLIO_JOBS_EVERY_MS: z.coerce.number().int().min(1000).max(3_600_000).default(900_000),
  /** How long a viewer's team cards may be kept at most (ADR 0018); 0 turns the cache off. */
  TEAM_CARDS_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /** An open realtime socket re-checks its session this often (closed 4401 once it has ended). */
  REALTIME_SESSION_CHECK_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /** Realtime connections one client address may open a minute (reconnects back off far below). */
  LIMIT_REALTIME_CONNECTS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /**
   * Messages one realtime socket may send a minute, pings included (the web app sends about three:
   * its auth, then a ping every 25 s); a socket over it is closed with 1008. Bursts up to the same
   * number pass.
   */
  REALTIME_MESSAGES_PER_MINUTE: z.coerce.number().int().min(5).max(10_000).default(60),
  /**
   * A Nominatim-compatible geocoder (e.g. https://nominatim.openstreetmap.org) for the profile's
   * location autocomplete, called by the server (GET geocode) so the browser talks to Rally only.
   * Unset: no lookup, the location is plain text.
   */
  GEOCODER_URL: optionalUrl(['http://', 'https://']),
  /** Address lookups (GET geocode) one user may make a minute. */
  LIMIT_GEOCODE_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Upload URLs (GET s3-upload-presigned-request) one user may ask for a minute and a day. */
  LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  LIMIT_UPLOADS_PER_DAY: z.coerce.number().int().min(1).default(1000),
  /**
   * Storage quotas in MB: the bytes of files one user has uploaded (in all teams) and of files
   * uploaded to one team. A presign or picture upload that would pass either is refused (413).
   */
  STORAGE_QUOTA_USER_MB: z.coerce.number().int().min(1).default(1024),
  STORAGE_QUOTA_TEAM_MB: z.coerce.number().int().min(1).default(5120),
  /**
   * Files in an S3-compatible bucket instead of DATA_DIR/files (decisions.md: "S3 stays
   * S3-compatible"). Without S3_ENDPOINT, AWS S3 of S3_REGION; without keys, the AWS SDK's
   * default credential chain. The bucket needs a CORS rule letting the app's origin PUT.
   */
  /**
   * The ffmpeg and ffprobe that probe and convert uploaded video and audio (ADR 0027). Unset: the
   * binaries of the npm packages @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe, so a
   * fresh install works. They parse untrusted files: production should name a maintained build
   * here (Debian's `ffmpeg` package: /usr/bin/ffmpeg, /usr/bin/ffprobe).
   */
  FFMPEG_PATH: z.string().trim().optional(),
  FFPROBE_PATH: z.string().trim().optional(),
  /**
   * Conversions this process runs at once (each an ffmpeg at lower priority than requests): the
   * concurrency of the work queue's `media.convert` jobs (ADR 0027, 0039).
   */
  MEDIA_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** A conversion still running after this many ms is stopped, its ffmpeg killed (the attempt fails; 3 attempts in all). */
  MEDIA_JOB_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  /**
   * How long a process's claim of a conversion holds unless renewed (it is renewed every third of
   * it while ffmpeg runs): a process that died leaves its job to another after this long.
   */
  MEDIA_JOB_LEASE_MS: z.coerce.number().int().min(300).max(600_000).default(30_000),
  /** A failed attempt is tried again after this many ms times its number. */
  MEDIA_JOB_RETRY_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  /**
   * The watercooler (ADR 0029). Its room socket's pass (`watercooler/access`) opens it this many
   * seconds after it is given (a client that reconnects later asks for a new one).
   */
  WATERCOOLER_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  /** A room nobody has joined, written in, left or changed their call in for this long is ended. */
  WATERCOOLER_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /**
   * Chat messages one member may send a minute in a room (bursts up to the same number pass); over
   * it a message is refused, and a socket three times over it is closed (4429).
   */
  WATERCOOLER_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(300),
  /**
   * STUN servers the video call's browsers use (comma-separated `stun:` URLs). Empty by default:
   * a local Rally needs no internet, and browsers on one machine or LAN connect without one.
   */
  WATERCOOLER_STUN_URLS: urlList(['stun:', 'stuns:']),
  /**
   * TURN servers (comma-separated `turn:`/`turns:` URLs) with the shared secret of their REST API
   * (coturn's `static-auth-secret`): each pass carries credentials of its own that expire after
   * WATERCOOLER_TURN_TTL_SECONDS (docs/operations.md).
   */
  WATERCOOLER_TURN_URLS: urlList(['turn:', 'turns:']),
  WATERCOOLER_TURN_SECRET: z.string().trim().optional(),
  WATERCOOLER_TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** The Redis pub/sub channel of room messages (with REDIS_URL), like REALTIME_CHANNEL. */
  WATERCOOLER_CHANNEL: z
    .string()
    .regex(/^[\w:.-]{1,100}$/, 'letters, digits and _ : . - only')
    .default('rally:watercooler'),
  /** The prefix of the open rooms' Redis keys (with REDIS_URL); two Rallies sharing a Redis use different ones. */
  WATERCOOLER_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,100}$/, 'letters, digits and _ : . - only')
    .default('rally:wc:'),
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ENDPOINT: optionalUrl(['http://', 'https://']),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  /** `endpoint/bucket/key` URLs (MinIO and most self-hosted services) instead of `bucket.endpoint/key`. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'APP_SECRET' | 'PUBLIC_URL' | 'BILLING_TEST_MODE'> {
  PUBLIC_URL: string;
  /** Resolved: true for the built-in test-mode provider. */
  BILLING_TEST_MODE: boolean;
  /** Key for HMACs of one-time codes; generated once into DATA_DIR when not given. */
  APP_SECRET: string;
}

export class ConfigError extends Error {}

/** The SQLite database file of a data folder. */
export const sqliteFileIn = (dataDir: string) => path.join(dataDir, 'rally.sqlite');

/** Parses the environment once; every bad variable is named in the error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`PORT=` in a compose file) means "not set": without this, z.coerce reads
  // '' as 0, so PORT= would listen on a random port and TRIAL_DAYS= would give no trial.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  if (Boolean(cfg.S3_ACCESS_KEY_ID) !== Boolean(cfg.S3_SECRET_ACCESS_KEY))
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: give both or neither');
  const stripeKeys = [
    'STRIPE_SECRET_KEY',
    'STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_ID',
  ] as const;
  if (cfg.STRIPE_SECRET_KEY && stripeKeys.some((k) => !cfg[k]))
    throw new ConfigError(`Invalid configuration:\n  ${stripeKeys.join(', ')}: give all four or none`);
  if (cfg.STRIPE_SECRET_KEY && cfg.BILLING_TEST_MODE === 'true')
    throw new ConfigError('Invalid configuration:\n  BILLING_TEST_MODE: cannot be true with the STRIPE_* keys set');
  if (cfg.WATERCOOLER_TURN_URLS.length > 0 && !cfg.WATERCOOLER_TURN_SECRET)
    throw new ConfigError(
      "Invalid configuration:\n  WATERCOOLER_TURN_SECRET: required with WATERCOOLER_TURN_URLS (the TURN server's shared secret)",
    );
  const dataDir = path.resolve(cfg.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...cfg,
    DATA_DIR: dataDir,
    // Links in mails follow the port when no public address is given.
    PUBLIC_URL: cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`,
    BILLING_TEST_MODE: cfg.BILLING_TEST_MODE === undefined ? !cfg.STRIPE_SECRET_KEY : cfg.BILLING_TEST_MODE === 'true',
    APP_SECRET: cfg.APP_SECRET ?? readOrCreateSecret(dataDir),
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
