import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Shared rate-limit counters in Redis (else in PostgreSQL, or in memory on the embedded database). */
  REDIS_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  BID_SEAL_KEY: z.string().min(32, 'BID_SEAL_KEY must be at least 32 characters').optional(),
  TOKEN_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, 'TOKEN_TTL like 30m, 8h or 1d')
    .default('8h'),
  SEED: z.enum(['demo', 'none']).optional(),
  SYSTEM_TITLE: z.string().default('能源装备网上招投标管理系统'),
  /** The company that tenders: it signs and seals the 中标通知书. */
  TENDERER_NAME: z
    .string()
    .trim()
    .min(1)
    .max(100, 'TENDERER_NAME must be at most 100 characters')
    .default('华源能源装备集团有限公司'),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  WEB_DIST: z.string().optional(),
  /** Comma-separated addresses or CIDR ranges of the reverse proxies whose X-Forwarded-For counts. */
  TRUST_PROXY: z.string().optional(),
  /** The OpenAPI page: on by default except in production. */
  API_DOCS: z.enum(['on', 'off']).optional(),
  /** The largest upload, in MB. */
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(1024).default(50),
  /** Browser tests only: a server clock that POST /tendering-service/test-clock moves forward. */
  TEST_CLOCK: z.enum(['0', '1'], { error: 'TEST_CLOCK must be 0 or 1' }).default('0'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  jwtSecret: string;
  bidSealKey: string;
  tokenTtlSeconds: number;
  seed: 'demo' | 'none';
  systemTitle: string;
  /** 招标人: the company named (and sealing) on the 中标通知书. */
  tendererName: string;
  initialAdmin?: { username: string; password: string };
  logLevel: string;
  /** Login attempts per address per minute. */
  loginRateLimit: number;
  /** Failed logins before an account locks, and for how long. */
  lockout: { maxFailures: number; windowSeconds: number; lockSeconds: number };
  webDist?: string;
  /** Proxies trusted for X-Forwarded-For; none by default. */
  trustProxy: string[];
  apiDocs: boolean;
  /** The largest upload accepted, in MB (MAX_UPLOAD_MB). */
  maxUploadMb: number;
  /** TEST_CLOCK=1: the clock can be moved forward over HTTP (refused in production). */
  testClock: boolean;
}

const ttlSeconds = (ttl: string) => {
  const unit = { s: 1, m: 60, h: 3600, d: 86400 }[ttl.slice(-1) as 's' | 'm' | 'h' | 'd'];
  return Number(ttl.slice(0, -1)) * unit;
};

/**
 * Secrets of the embedded default are generated once into DATA_DIR so that `npm start` needs
 * no setup; production must bring its own (a generated key would differ per instance).
 */
function readOrCreateSecrets(dataDir: string) {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  mkdirSync(dataDir, { recursive: true });
  const secrets = {
    jwtSecret: randomBytes(32).toString('base64url'),
    bidSealKey: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (DATABASE_URL=) means "not set", as it does in most shells' habits.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = env.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && (!e.JWT_SECRET || !e.BID_SEAL_KEY)) {
    throw new Error('JWT_SECRET and BID_SEAL_KEY are required when NODE_ENV=production');
  }
  // A clock anyone can move would let a caller end a publicity or pass a deadline at will.
  if (production && e.TEST_CLOCK === '1') {
    throw new Error('TEST_CLOCK=1 is for browser tests and is refused when NODE_ENV=production');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const generated = e.JWT_SECRET && e.BID_SEAL_KEY ? undefined : readOrCreateSecrets(dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? generated!.jwtSecret!,
    bidSealKey: e.BID_SEAL_KEY ?? generated!.bidSealKey!,
    tokenTtlSeconds: ttlSeconds(e.TOKEN_TTL),
    seed: e.SEED ?? (production ? 'none' : 'demo'),
    systemTitle: e.SYSTEM_TITLE,
    tendererName: e.TENDERER_NAME,
    initialAdmin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    lockout: { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
    webDist: e.WEB_DIST,
    trustProxy: (e.TRUST_PROXY ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    apiDocs: (e.API_DOCS ?? (production ? 'off' : 'on')) === 'on',
    maxUploadMb: e.MAX_UPLOAD_MB,
    testClock: e.TEST_CLOCK === '1',
  };
}
