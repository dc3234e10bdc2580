/**
 * Server configuration: environment variables checked with zod at start, plus the
 * practice profile. Every variable is documented in README.md and .env.example.
 */
import path from 'node:path';
import { z } from 'zod';
import { loadPracticeProfile, type PracticeProfile } from './practice-profile';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: bool.optional(),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(72),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_NAME: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The site's own origin, used in e-mail links and the CSRF check. */
  publicUrl: string;
  dataDir: string;
  /** null: the embedded PGlite database under dataDir. */
  databaseUrl: string | null;
  databasePoolSize: number;
  /** Passed to Fastify's trustProxy: true, a hop count, or addresses. */
  trustProxy: boolean | number | string;
  logLevel: string;
  seedDemoData: boolean;
  session: { idleMs: number; maxAgeMs: number };
  bootstrapAdmin: { username: string; password: string; name: string; email: string } | null;
  /** Where the built client lives; null to serve the API only. */
  clientDir: string | null;
  practice: PracticeProfile;
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV === 'production' || e.NODE_ENV === 'test' ? e.NODE_ENV : 'development';
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const displayHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    env: nodeEnv,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${displayHost}:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL || null,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    // Demo content is for trying the product out; a production install starts empty.
    seedDemoData: e.SEED_DEMO_DATA ?? nodeEnv !== 'production',
    session: { idleMs: e.SESSION_IDLE_HOURS * 3_600_000, maxAgeMs: e.SESSION_MAX_DAYS * 86_400_000 },
    bootstrapAdmin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? {
            username: e.ADMIN_USERNAME,
            password: e.ADMIN_PASSWORD,
            name: e.ADMIN_NAME || e.ADMIN_USERNAME,
            email: e.ADMIN_EMAIL || loadPracticeProfile(env, cwd).email,
          }
        : null,
    clientDir: path.resolve(cwd, 'dist/client'),
    practice: loadPracticeProfile(env, cwd),
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value; // comma-separated addresses or CIDR ranges
}
