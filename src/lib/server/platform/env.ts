import { z } from 'zod';

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const emailList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean)
  )
  .pipe(z.array(z.email('must be a comma-separated list of e-mail addresses')));

/** Bytes a base64 text decodes to; -1 when it is not base64. */
function decodedLength(value: string): number {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) return -1;
  return atob(value).length;
}

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(4321),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional().or(z.literal('').transform(() => undefined)),
    DATABASE_URL: optional.pipe(
      z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
    ),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    RESEND_API_KEY: optional,
    RESEND_BASE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
    EMAIL_FROM: z.string().trim().min(3).default('Wealth Coach <no-reply@localhost>'),
    ADMIN_EMAILS: emailList,
    /** Authors write drafts in the studio; an address in both lists is an admin. */
    AUTHOR_EMAILS: emailList,
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    GOOGLE_AUTH_URL: optional.pipe(z.url().optional()),
    GOOGLE_TOKEN_URL: optional.pipe(z.url().optional()),
    GOOGLE_USERINFO_URL: optional.pipe(z.url().optional()),
    APP_ENV: z.enum(['development', 'production', 'test']).default('development'),
    TRUST_PROXY: z
      .enum(['', '0', '1', 'false', 'true'])
      .default('')
      .transform((v) => v === '1' || v === 'true'),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    /** /trivial and /ping, the benchmark's framework ceiling: served only when `npm run bench` sets this. */
    BENCH_ROUTES: z
      .enum(['', '0', '1', 'false', 'true'])
      .default('')
      .transform((v) => v === '1' || v === 'true'),
    /**
     * Encrypts authenticator-app secrets at rest: 32 random bytes, base64 (`openssl rand -base64 32`).
     * Required in production; elsewhere a fixed development key stands in.
     */
    TOTP_ENCRYPTION_KEY: optional.pipe(
      z.string().refine((v) => decodedLength(v) === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
        .optional(),
    ),
    /** Authors and admins must set up a second factor (always so when APP_ENV=production). */
    REQUIRE_STAFF_SECOND_FACTOR: z
      .enum(['', '0', '1', 'false', 'true'])
      .default('')
      .transform((v) => v === '1' || v === 'true'),
    /** Count each request's SQL statements and answer them in `X-Statements` (tests and `npm run bench`). */
    STATEMENT_COUNTS: z
      .enum(['', '0', '1', 'false', 'true'])
      .default('')
      .transform((v) => v === '1' || v === 'true'),
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV === 'production' && !env.RESEND_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['RESEND_API_KEY'],
        message: 'is required when APP_ENV=production (the dev mail transport is not for production)',
      });
    }
    if (env.APP_ENV === 'production' && !env.TOTP_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TOTP_ENCRYPTION_KEY'],
        message: 'is required when APP_ENV=production (32 bytes in base64: openssl rand -base64 32)',
      });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
      });
    }
  });

export type Env = z.infer<typeof envSchema> & {
  PUBLIC_URL: string;
  /**
   * The origins a state-changing browser request may come from (CSRF): PUBLIC_URL's, and, only
   * while PUBLIC_URL is not configured, the loopback names of the same port (what `npm start`
   * serves). Never taken from the request's Host header.
   */
  allowedOrigins: ReadonlySet<string>;
  /**
   * /dev/mailbox is served only when APP_ENV=development is set explicitly or no e-mail provider is
   * configured (then the outbox is the only mailbox), and never in production.
   */
  devMailbox: boolean;
  /** Authors and admins need a second factor: production, or REQUIRE_STAFF_SECOND_FACTOR. */
  staffSecondFactor: boolean;
};

export class EnvError extends Error {}

/** Parses the environment; throws an EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${String(issue.path[0] ?? 'env')}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const PUBLIC_URL = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const allowedOrigins = new Set([new URL(PUBLIC_URL).origin]);
  if (!env.PUBLIC_URL) {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) allowedOrigins.add(`http://${host}:${env.PORT}`);
  }
  const explicitDevelopment = source.APP_ENV?.trim() === 'development';
  const devMailbox = env.APP_ENV !== 'production' && (explicitDevelopment || !env.RESEND_API_KEY);
  const staffSecondFactor = env.APP_ENV === 'production' || env.REQUIRE_STAFF_SECOND_FACTOR;
  return { ...env, PUBLIC_URL, allowedOrigins, devMailbox, staffSecondFactor };
}

let parsed: Env | undefined;

/** The validated environment of this process, parsed once. */
export function getEnv(): Env {
  parsed ??= parseEnv(process.env);
  return parsed;
}
