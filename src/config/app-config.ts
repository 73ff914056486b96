import { loadAffiliatesConfig, type AffiliatesConfig } from './affiliates.config';
import { deriveSecret, resolveAppKeys } from './app-key';
import { WEBHOOK_EVENT_NAMES, type WebhookEventName } from '../modules/realtime/core/webhook-events';
import { CreditsConfig, loadCreditsConfig } from './credits.config';
import { CrmConfig, loadCrmConfig } from './crm.config';
import { DesignsConfig, loadDesignsConfig } from './designs.config';
import { bool, ConfigError, Env, int, oneOf, optional, str, url } from './env';
import { loadMarketConfig, MarketConfig } from './market.config';
import { loadSweepstakesConfig, SweepstakesConfig } from './sweepstakes.config';
import { BuyerConfig, loadBuyerConfig } from './buyer.config';
import { loadVideoConfig, VideoConfig } from './video.config';

export { ConfigError } from './env';

/** Everything the app reads from the environment, parsed once and validated at start. */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  appName: string;
  appUrl: string;
  port: number;
  /** Interface to listen on: loopback in development unless HOST says otherwise, every interface in production. */
  host: string;
  /** Express "trust proxy": which proxies' X-Forwarded-For to believe (none unless TRUST_PROXY names them). */
  trustProxy: string | number | boolean;
  appKey: string;
  /** Rotated-out keys (APP_PREVIOUS_KEYS), accepted for reading so a rotation locks nobody out. */
  previousAppKeys: string[];
  appKeySource: 'environment' | 'storage' | 'generated' | 'ephemeral';
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Where embedded PostgreSQL keeps its data and local disk storage keeps uploads. */
  storageDir: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  session: { cookieName: string; maxAgeMs: number; secure: boolean };
  /**
   * log2 of scrypt's N for new password hashes. At least 14 outside tests; the test suite lowers it because
   * each of its hundreds of sign-ins would otherwise spend ~0.25 s of CPU on the real cost.
   */
  passwordHashCost: number;
  /**
   * JOB_LOCK_MS: how long a background job stays claimed by a worker that stopped renewing it (it crashed); workers
   * renew it every half of it and look for lapsed ones as often, so a crashed worker's job runs again within about
   * twice this (10 s by default).
   */
  jobLockMs: number;
  mail: {
    from: string;
    smtpUrl: string | null;
    /** Signs the mail provider's bounce and complaint webhook; empty turns the webhook off. */
    webhookSecret: string;
  };
  storage: {
    driver: 'local' | 's3';
    /**
     * MEDIA_ACCEL_REDIRECT_PREFIX (e.g. "/_media/"): after the access rule, /media answers with an
     * empty body and `X-Accel-Redirect: <prefix><key>` so a front proxy (nginx) sends the bytes.
     */
    accelRedirectPrefix: string | null;
    s3: {
      endpoint: string | null;
      region: string;
      bucket: string | null;
      accessKeyId: string | null;
      secretAccessKey: string | null;
    };
  };
  broadcasting: {
    driver: 'builtin' | 'pusher' | 'log';
    appId: string;
    key: string;
    secret: string;
    cluster: string;
    host: string | null;
    port: number | null;
    scheme: 'http' | 'https';
    encryptionMasterKeyBase64: string | null;
    maxMessageSize: number;
    maxConnections: number;
    allowedOrigins: string[];
    activityTimeout: number;
    maxPresenceMembers: number;
    maxPresenceUserInfoBytes: number;
    /** How often a node renews its cluster lease and sweeps dead nodes (ms). */
    clusterHeartbeatMs: number;
    /** A node silent this long is taken for crashed: its sockets leave presence channels (ms). */
    nodeTtlMs: number;
    /** Pusher-style webhooks of the built-in server: where to POST, which events, how long to batch. */
    webhooks: { urls: string[]; events: WebhookEventName[]; batchMs: number };
  };
  /** Commerce checkout: the local test-mode provider (default) or a Stripe-compatible API. */
  payments: {
    driver: 'local' | 'stripe';
    stripe: { apiBase: string; secretKey: string; webhookSecret: string };
  };
  rateLimits: {
    /** Failed logins per account (any IP) before exponential back-off starts. */
    loginPerMinute: number;
    /** Failed logins from one IP (any account), and from one /24 (IPv6 /64), before back-off starts. */
    loginPerIp: number;
    loginPerRange: number;
    registerPerHour: number;
    resetPerHour: number;
    /** Password-reset requests from one IP (any email) per hour. */
    resetPerIpPerHour: number;
    /** Affiliate link clicks recorded from one IP per minute (later clicks still redirect, unrecorded). */
    clicksPerIpPerMinute: number;
    /** Wrong two-factor codes per user (any session) before the lockout, which mails the user. */
    twoFactorPerMinute: number;
    /** Wrong passwords on confirm-password, log-out-other-sessions, delete-account and password change. */
    passwordChecks: number;
  };
  seedDemo: boolean;
  /** The affiliate programme's terms and payout drivers (src/config/affiliates.config.ts). */
  affiliates: AffiliatesConfig;
  /** False on web-only nodes whose jobs are processed by `npm run worker` (RUN_WORKERS). */
  runWorkers: boolean;
  /** PostgreSQL connections per process (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  designs: DesignsConfig;
  video: VideoConfig;
  market: MarketConfig;
  /** Registration and tax-form thresholds, fraud burst limits (src/config/sweepstakes.config.ts). */
  sweepstakes: SweepstakesConfig;
  /** The image-credit ledger (src/config/credits.config.ts). */
  credits: CreditsConfig;
  /** Mortgage calculator defaults per market (src/config/buyer.config.ts). */
  buyer: BuyerConfig;
  /** The lead marketplace's platform fee (src/config/crm.config.ts). */
  crm: CrmConfig;
}

function accelPrefix(env: Env): string | null {
  const value = optional(env, 'MEDIA_ACCEL_REDIRECT_PREFIX');
  if (value !== null && !/^\/[A-Za-z0-9._/-]*\/$/.test(value)) {
    throw new ConfigError(`MEDIA_ACCEL_REDIRECT_PREFIX must be a path starting and ending with "/", got "${value}"`);
  }
  return value;
}

/** A comma-separated setting as a list of trimmed, non-empty entries. */
function list(env: Env, name: string): string[] {
  return (optional(env, name) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** A comma-separated subset of `allowed`; empty means all of them. */
function subsetOf<T extends string>(env: Env, name: string, allowed: readonly T[]): T[] {
  const chosen = list(env, name);
  const unknown = chosen.filter((entry) => !allowed.includes(entry as T));
  if (unknown.length) throw new ConfigError(`${name} must list some of ${allowed.join(', ')}, got "${unknown[0]}"`);
  return chosen.length ? (chosen as T[]) : [...allowed];
}

/** Parses the environment; throws ConfigError with one clear sentence on the first invalid setting. */
export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  const port = int(env, 'PORT', 3000, 1, 65535);
  const appUrl = url(env, 'APP_URL', `http://localhost:${port}`, ['http:', 'https:'])!;
  const appKey = optional(env, 'APP_KEY');
  if (nodeEnv === 'production' && (!appKey || appKey.length < 32)) {
    throw new ConfigError(
      'APP_KEY must be set to at least 32 random characters in production (openssl rand -base64 48)',
    );
  }
  const storageDir = str(env, 'STORAGE_DIR', 'storage');
  const keys = resolveAppKeys(env, nodeEnv, storageDir);
  const broadcastKey = str(env, 'BROADCAST_KEY', 'reelty-key');
  const clusterHeartbeatMs = int(env, 'BROADCAST_CLUSTER_HEARTBEAT_MS', 1_000, 250, 60_000);
  if (env.PAYMENT_DRIVER === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('PAYMENT_DRIVER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  return {
    env: nodeEnv,
    appName: str(env, 'APP_NAME', 'Reelty'),
    appUrl,
    port,
    host: str(env, 'HOST', nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
    trustProxy: trustProxySetting(optional(env, 'TRUST_PROXY')),
    appKey: keys.current,
    previousAppKeys: keys.previous,
    appKeySource: keys.source,
    databaseUrl: url(env, 'DATABASE_URL', null, ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', null, ['redis:', 'rediss:']),
    storageDir,
    logLevel: oneOf(
      env,
      'LOG_LEVEL',
      ['debug', 'info', 'warn', 'error'] as const,
      nodeEnv === 'test' ? 'warn' : 'info',
    ),
    session: {
      cookieName: str(env, 'SESSION_COOKIE', 'reelty_session'),
      maxAgeMs: int(env, 'SESSION_LIFETIME_MINUTES', 60 * 24 * 14, 1) * 60_000,
      secure: bool(env, 'SESSION_SECURE_COOKIE', appUrl.startsWith('https:')),
    },
    passwordHashCost: int(env, 'PASSWORD_HASH_COST', 15, nodeEnv === 'test' ? 4 : 14, 20),
    jobLockMs: int(env, 'JOB_LOCK_MS', 5_000, 1_000, 600_000),
    mail: {
      from: str(env, 'MAIL_FROM', 'Reelty <no-reply@reelty.local>'),
      smtpUrl: url(env, 'SMTP_URL', null, ['smtp:', 'smtps:']),
      webhookSecret: str(env, 'MAIL_WEBHOOK_SECRET', ''),
    },
    storage: {
      driver: oneOf(env, 'STORAGE_DRIVER', ['local', 's3'] as const, 'local'),
      accelRedirectPrefix: accelPrefix(env),
      s3: {
        endpoint: url(env, 'S3_ENDPOINT', null, ['http:', 'https:']),
        region: str(env, 'S3_REGION', 'us-east-1'),
        bucket: optional(env, 'S3_BUCKET'),
        accessKeyId: optional(env, 'S3_ACCESS_KEY_ID'),
        secretAccessKey: optional(env, 'S3_SECRET_ACCESS_KEY'),
      },
    },
    payments: {
      driver: oneOf(env, 'PAYMENT_DRIVER', ['local', 'stripe'] as const, 'local'),
      stripe: {
        apiBase: url(env, 'STRIPE_API_BASE', 'https://api.stripe.com', ['http:', 'https:'])!,
        secretKey: str(env, 'STRIPE_SECRET_KEY', ''),
        webhookSecret: str(env, 'STRIPE_WEBHOOK_SECRET', ''),
      },
    },
    broadcasting: {
      driver: oneOf(env, 'BROADCAST_DRIVER', ['builtin', 'pusher', 'log'] as const, 'builtin'),
      appId: str(env, 'BROADCAST_APP_ID', 'reelty'),
      key: broadcastKey,
      secret: str(env, 'BROADCAST_SECRET', deriveSecret(keys.current, 'broadcast')),
      cluster: str(env, 'BROADCAST_CLUSTER', 'us3'),
      host: optional(env, 'BROADCAST_HOST'),
      port: env.BROADCAST_PORT ? int(env, 'BROADCAST_PORT', 443, 1, 65535) : null,
      scheme: oneOf(
        env,
        'BROADCAST_SCHEME',
        ['http', 'https'] as const,
        appUrl.startsWith('https:') ? 'https' : 'http',
      ),
      encryptionMasterKeyBase64: optional(env, 'BROADCAST_ENCRYPTION_MASTER_KEY'),
      maxMessageSize: int(env, 'BROADCAST_MAX_MESSAGE_SIZE', 10_000, 256),
      maxConnections: int(env, 'BROADCAST_MAX_CONNECTIONS', 20_000, 1),
      allowedOrigins: str(env, 'BROADCAST_ALLOWED_ORIGINS', '*')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
      activityTimeout: int(env, 'BROADCAST_ACTIVITY_TIMEOUT', 120, 1),
      maxPresenceMembers: int(env, 'BROADCAST_MAX_PRESENCE_MEMBERS', 100, 1),
      maxPresenceUserInfoBytes: int(env, 'BROADCAST_MAX_PRESENCE_USER_INFO_BYTES', 2048, 64),
      clusterHeartbeatMs,
      // Four missed heartbeats make a node dead (one late renewal, a GC pause or a busy loop, must not): with the
      // 1 s default a crashed node's presence members are gone within the lease plus one sweep, about 5 s.
      nodeTtlMs: int(env, 'BROADCAST_NODE_TTL_MS', clusterHeartbeatMs * 4, clusterHeartbeatMs * 3),
      webhooks: {
        urls: list(env, 'BROADCAST_WEBHOOK_URLS').map((entry) =>
          url({ BROADCAST_WEBHOOK_URLS: entry }, 'BROADCAST_WEBHOOK_URLS', null, ['http:', 'https:'])!,
        ),
        events: subsetOf(env, 'BROADCAST_WEBHOOK_EVENTS', WEBHOOK_EVENT_NAMES),
        batchMs: int(env, 'BROADCAST_WEBHOOK_BATCH_MS', 500, 0, 60_000),
      },
    },
    rateLimits: {
      loginPerMinute: int(env, 'RATE_LIMIT_LOGIN_PER_MINUTE', 5, 1),
      loginPerIp: int(env, 'RATE_LIMIT_LOGIN_PER_IP', 10, 1),
      loginPerRange: int(env, 'RATE_LIMIT_LOGIN_PER_RANGE', 30, 1),
      registerPerHour: int(env, 'RATE_LIMIT_REGISTER_PER_HOUR', 10, 1),
      resetPerHour: int(env, 'RATE_LIMIT_RESET_PER_HOUR', 5, 1),
      resetPerIpPerHour: int(env, 'RATE_LIMIT_RESET_PER_IP_PER_HOUR', 20, 1),
      clicksPerIpPerMinute: int(env, 'RATE_LIMIT_CLICKS_PER_IP_PER_MINUTE', 30, 1),
      twoFactorPerMinute: int(env, 'RATE_LIMIT_TWO_FACTOR_PER_MINUTE', 5, 1),
      passwordChecks: int(env, 'RATE_LIMIT_PASSWORD_CHECKS', 5, 1),
    },
    seedDemo: bool(env, 'SEED_DEMO', nodeEnv !== 'production'),
    affiliates: loadAffiliatesConfig(env),
    runWorkers: bool(env, 'RUN_WORKERS', true),
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    designs: loadDesignsConfig(env),
    video: loadVideoConfig({ storageDir: str(env, 'STORAGE_DIR', 'storage') }, env),
    market: loadMarketConfig(env),
    sweepstakes: loadSweepstakesConfig(env),
    credits: loadCreditsConfig(env),
    buyer: loadBuyerConfig(env),
    crm: loadCrmConfig(env),
  };
}

/** TRUST_PROXY as Express reads it: unset trusts no proxy; a hop count, true/false, or addresses/subnets. */
function trustProxySetting(raw: string | null): string | number | boolean {
  if (raw === null) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (raw === 'true' || raw === 'false') return raw === 'true';
  return raw;
}

/** For process entry points: the config, or one clear line on stderr and exit code 78 (EX_CONFIG). */
export function loadConfigOrExit(env: Env = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(78);
  }
}

export const APP_CONFIG = Symbol('APP_CONFIG');
