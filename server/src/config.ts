import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TRIAL_DAYS, TRIAL_TRAFFIC_BYTES } from '@reachly/shared/constants';
import { planSchema, trafficPackageSchema } from '@reachly/shared/schemas';
import { z } from 'zod';

/** A variable holding a JSON array of `item`s (at most 20), each checked, ids unique. */
function jsonList<T extends z.ZodObject<{ id: z.ZodString }>>(item: T) {
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'a JSON array' });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(item)
        .max(20)
        .refine((list) => new Set(list.map((i) => i.id)).size === list.length, 'a JSON array of unique ids'),
    );
}

const isEmail = (text: string) => z.email().safeParse(text).success;
const isWebAddress = (text: string) => z.url({ protocol: /^https?$/ }).safeParse(text).success;

/**
 * Every environment variable the server reads, with its default. README.md's table lists the same
 * variables; keep the two in step.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// or postgresql:// connection URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'a redis:// or rediss:// URL')
    .optional(),
  AUTH_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  PROXY_SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, '64 hexadecimal characters (a 32-byte key)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRIAL_DAYS: z.coerce.number().int().min(0).max(3650).default(TRIAL_DAYS),
  TRIAL_TRAFFIC_BYTES: z.coerce.bigint().min(0n).default(BigInt(TRIAL_TRAFFIC_BYTES)),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  PUBLIC_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
  DASHBOARD_DIR: z.string().min(1).optional(),
  RELEASES_DIR: z.string().min(1).default('./releases'),
  ADMIN_TOKEN: z.string().min(32, 'at least 32 characters').optional(),
  ADMIN_URL: z.url().optional(),
  /** The manual payment texts of the buy popups; an unset one is not shown. */
  PAYMENT_ZELLE_TEXT: z.string().trim().min(1).optional(),
  PAYMENT_CARD_TEXT: z.string().trim().min(1).optional(),
  /** The Plans page's plans: [{id, name, price, period?, description?, features?}]; none when unset. */
  PLANS: jsonList(planSchema).default([]),
  /** The traffic packages for sale: [{id, name, price, description?}]; none when unset. */
  TRAFFIC_PACKAGES: jsonList(trafficPackageSchema).default([]),
  /**
   * Where the buy popups send a buyer: {item} becomes the plan's or package's id, {email} the
   * buyer's email, {organization} their organisation's id (each URL-encoded). Unset: manual payment only.
   */
  CHECKOUT_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Support's email address or web address, shown in the menu, the buy popups and the error pages. */
  SUPPORT_CONTACT: z
    .string()
    .trim()
    .refine((v) => isEmail(v) || isWebAddress(v), 'an email address or an http(s) URL')
    .optional(),
  AI_PROVIDER: z.enum(['offline', 'openai']).default('offline'),
  AI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** The address users open the dashboard at: the base of links sent by email (password reset). */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Outgoing mail (password reset links): SMTP_URL, or host, port, user and password. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL')
    .optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  SMTP_FROM: z.string().min(3).default('Reachly <no-reply@localhost>'),
  /** `1`: webhook endpoints may resolve to loopback, link-local, private and unique-local addresses. */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  /** A webhook delivery's HTTP request gives up after this long without an answer. */
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** How often the webhook worker looks for due deliveries; 0 turns it off (tests tick it themselves). */
  WEBHOOKS_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  /**
   * How often the server vacuums and analyzes its busiest tables where the database's autovacuum
   * does not run (the embedded PGlite, or PostgreSQL with autovacuum off: db/housekeeping.ts); 0 turns it off.
   */
  HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /** Check every answer against the API contract (a mismatch is a 500): on under the test runner unless set. */
  CHECK_ANSWERS: z.enum(['0', '1']).optional(),
});

export type Env = z.infer<typeof envSchema>;

/** The names of every variable above (README.md's table is checked against this list). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export interface Config
  extends Omit<Env, 'AUTH_SECRET' | 'ADMIN_TOKEN' | 'PROXY_SECRET_KEY' | 'CHECK_ANSWERS'> {
  /** Every answer is checked against the API contract (CHECK_ANSWERS; on under the test runner). */
  CHECK_ANSWERS: boolean;
  AUTH_SECRET: string;
  /** AES-256-GCM key (64 hex characters) that encrypts proxy passwords at rest. */
  PROXY_SECRET_KEY: string;
  /** Secret of the admin API that `npm run admin` calls (loopback only). */
  ADMIN_TOKEN: string;
  /** True when the embedded PGlite database is used (no DATABASE_URL). */
  embedded: boolean;
}

/** A bad environment: its message is the one line printed before start-up stops. */
export class ConfigError extends Error {}

export function parseEnv(env: NodeJS.ProcessEnv): Env {
  // Empty strings mean "unset", as in most .env files.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = present[name] === undefined ? '' : ` (got ${JSON.stringify(present[name])})`;
    throw new ConfigError(`Invalid environment variable ${name}: expected ${describe(issue)}${got}`);
  }
  return result.data;
}

function describe(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'a valid value';
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    return `${issue.code === 'too_small' ? 'at least' : 'at most'} ${String(issue.code === 'too_small' ? issue.minimum : issue.maximum)}`;
  }
  if (issue.code === 'invalid_value') return `one of ${issue.values.join(', ')}`;
  if (issue.code === 'invalid_type') return `a ${issue.expected}`;
  return issue.message;
}

/**
 * Reads and validates the environment. Without AUTH_SECRET, a secret is generated once into the
 * data folder, so that sessions survive restarts of a single server.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnv(env);
  return {
    ...parsed,
    AUTH_SECRET: parsed.AUTH_SECRET ?? persistentSecret(parsed.DATA_DIR, 'auth-secret'),
    PROXY_SECRET_KEY: parsed.PROXY_SECRET_KEY ?? persistentSecret(parsed.DATA_DIR, 'proxy-secret-key'),
    ADMIN_TOKEN: parsed.ADMIN_TOKEN ?? persistentSecret(parsed.DATA_DIR, 'admin-token'),
    embedded: parsed.DATABASE_URL === undefined,
    CHECK_ANSWERS: parsed.CHECK_ANSWERS ? parsed.CHECK_ANSWERS === '1' : process.env.VITEST !== undefined,
  };
}

/** A random secret kept in a file of the data folder, created on first use. */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
