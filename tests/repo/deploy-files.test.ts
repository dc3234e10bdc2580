/**
 * The deployment files (decision 016) checked without Docker: docker-compose.yml parsed with `yaml`,
 * the Dockerfile line by line, deploy/Caddyfile and docs/deploy.md as text. The variables the
 * server understands come from loadConfig itself, not from a copied list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/server/config';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** Every environment variable loadConfig reads: it is handed an environment that records each look-up. */
function variablesReadByConfig(): Set<string> {
  const names = new Set<string>();
  const recorder = new Proxy<Record<string, string | undefined>>(
    {},
    {
      get(_target, key) {
        if (typeof key === 'string') names.add(key);
        return undefined;
      },
    },
  );
  loadConfig(recorder, root);
  return names;
}
const configVariables = variablesReadByConfig();

/**
 * Compose's interpolation, the forms this file uses: ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error},
 * ${NAME?error}, $$.
 */
function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g,
    (match, name?: string, op?: string, arg?: string) => {
      if (match === '$$') return '$';
      const value = vars[name!];
      const isSet = op?.startsWith(':') ? Boolean(value) : value !== undefined;
      if (op?.endsWith('?')) {
        if (!isSet) throw new Error(`${name}: ${arg}`);
        return value!;
      }
      if (op?.endsWith('-')) return isSet ? value! : arg!;
      return value ?? '';
    },
  );
}

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const appServices = ['app1', 'app2'].map((name) => services[name]!);

/** The Dockerfile as instructions (continuation lines joined, comments dropped), grouped by stage. */
interface Instruction {
  keyword: string;
  args: string;
}
function dockerStages(text: string): { from: string; name: string | null; instructions: Instruction[] }[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: { from: string; name: string | null; instructions: Instruction[] }[] = [];
  // ARGs before the first FROM, with their defaults, may name the base image.
  const globalArgs: Record<string, string> = {};
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'ARG' && stages.length === 0) {
      const [name = '', value = ''] = args.split('=');
      globalArgs[name] = value;
    } else if (keyword.toUpperCase() === 'FROM') {
      const [, image = '', name = null] = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(args) ?? [];
      const from = image.replace(
        /\$\{(\w+)\}|\$(\w+)/g,
        (_m, braced?: string, bare?: string) => globalArgs[(braced ?? bare)!] ?? '',
      );
      stages.push({ from, name, instructions: [] });
    } else stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ') });
  }
  return stages;
}
const stages = dockerStages(read('Dockerfile'));
const runtime = stages.at(-1)!;
const runtimeArgs = (keyword: string) => runtime.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
/** ENV in both forms: `ENV A=1 B=2` and `ENV A 1`. */
const runtimeEnv: Record<string, string> = Object.fromEntries(
  runtimeArgs('ENV').flatMap((args) =>
    args.includes('=')
      ? args.split(' ').map((pair) => pair.split('=') as [string, string])
      : [args.split(' ') as [string, string]],
  ),
);

const secrets = {
  POSTGRES_PASSWORD: 'pgSecret123',
  ADMIN_PASSWORD: 'a long passphrase',
  SITE_ADDRESS: 'massage.example.nz',
};
const appEnvironment = (vars: Record<string, string>, service = appServices[0]!) =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), vars)]));

describe('docker-compose.yml', () => {
  it('has the database, two app processes, the proxy and the mail catcher', () => {
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'db', 'mailpit', 'proxy']);
  });

  it('runs both app processes from one image with the same settings and database', () => {
    const [app1, app2] = appServices;
    expect(app1!.image).toBeTruthy();
    expect(app2!.image).toBe(app1!.image);
    expect(app2!.build).toEqual(app1!.build);
    expect(app2!.environment).toEqual(app1!.environment);
    const url = new URL(appEnvironment(secrets).DATABASE_URL!);
    const db = services.db!.environment!;
    expect(url.hostname).toBe('db');
    expect(url.username).toBe(db.POSTGRES_USER);
    expect(url.pathname).toBe(`/${db.POSTGRES_DB}`);
    expect(decodeURIComponent(url.password)).toBe(interpolate(db.POSTGRES_PASSWORD!, secrets));
    for (const app of appServices) expect(app.depends_on?.db?.condition).toBe('service_healthy');
  });

  it('keeps PostgreSQL 15 on a named volume and reports its health with pg_isready', () => {
    const db = services.db!;
    expect(db.image).toBe('postgres:15');
    const dataVolume = db.volumes?.find((v) => v.split(':')[1] === '/var/lib/postgresql/data');
    expect(dataVolume).toBeDefined();
    expect(Object.keys(compose.volumes)).toContain(dataVolume!.split(':')[0]);
    expect(db.healthcheck?.test.join(' ')).toContain('pg_isready');
  });

  it('gives the apps only variables the server reads', () => {
    for (const app of appServices) {
      const unknown = Object.keys(app.environment ?? {}).filter((name) => !configVariables.has(name));
      expect(unknown).toEqual([]);
    }
  });

  it('gives the apps a valid production configuration behind one proxy, with mail to Mailpit', () => {
    const config = loadConfig({ ...runtimeEnv, ...appEnvironment(secrets) }, root);
    expect(config.env).toBe('production');
    expect(config.host).toBe('0.0.0.0');
    expect(config.trustProxy).toBe(1);
    expect(config.publicUrl).toBe('https://massage.example.nz');
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
    expect(new URL(config.mail.smtpUrl!).hostname).toBe('mailpit');
    expect(config.bootstrapAdmin?.password).toBe(secrets.ADMIN_PASSWORD);
    // Without SITE_ADDRESS the site is https://localhost.
    const { SITE_ADDRESS: _omitted, ...withoutSite } = secrets;
    expect(loadConfig({ ...runtimeEnv, ...appEnvironment(withoutSite) }, root).publicUrl).toBe('https://localhost');
  });

  it('refuses to start without the database and administrator passwords', () => {
    expect(() => appEnvironment({ ...secrets, POSTGRES_PASSWORD: '' })).toThrow(/POSTGRES_PASSWORD/);
    expect(() => appEnvironment({ ...secrets, ADMIN_PASSWORD: '' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => interpolate(services.db!.environment!.POSTGRES_PASSWORD!, {})).toThrow(/POSTGRES_PASSWORD/);
  });

  it('serves HTTPS through Caddy for SITE_ADDRESS, and Mailpit’s inbox on port 8025', () => {
    const proxy = services.proxy!;
    expect(proxy.image).toMatch(/^caddy(:|$)/);
    expect(proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(proxy.environment?.SITE_ADDRESS).toBe('${SITE_ADDRESS:-localhost}');
    expect(proxy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    const mailpit = services.mailpit!;
    expect(mailpit.image).toMatch(/^axllent\/mailpit(:|$)/);
    expect(mailpit.ports?.some((p) => p.endsWith(':8025'))).toBe(true);
    expect(interpolate(appServices[0]!.environment!.SMTP_URL!, {})).toBe('smtp://mailpit:1025');
  });
});

describe('deploy/Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile')
    .split('\n')
    .filter((l) => !l.trim().startsWith('#'))
    .join('\n');

  it('answers for SITE_ADDRESS (default localhost) and load-balances both apps on their port', () => {
    expect(caddyfile).toMatch(/^\{\$SITE_ADDRESS:localhost\} \{/m);
    const upstreams = /reverse_proxy ([^{\n]+)/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    const port = runtimeEnv.PORT;
    expect(upstreams?.sort()).toEqual([`app1:${port}`, `app2:${port}`]);
  });

  it('checks the upstreams on /readyz', () => {
    expect(caddyfile).toMatch(/health_uri \/readyz\b/);
  });
});

describe('Dockerfile', () => {
  it('builds in stages: dependencies with npm ci, the build, production dependencies only', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const runs = stages.flatMap((s) => s.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args));
    expect(runs.some((r) => /^npm ci\b/.test(r) && !r.includes('--omit=dev'))).toBe(true);
    expect(runs).toContain('npm run build');
    expect(runs.some((r) => /^npm ci\b.*--omit=dev/.test(r))).toBe(true);
  });

  it('runs on a slim official Node image of a version the engines field allows', () => {
    const major = Number(/^node:(\d+)-\w+-slim$/.exec(runtime.from)?.[1]);
    expect(major).toBeGreaterThanOrEqual(20);
    expect((JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node).toBe('>=20.19');
  });

  it('ships the production build only: dist from the build stage, no sources', () => {
    const copies = runtimeArgs('COPY');
    const buildStage = stages.find((s) => s.instructions.some((i) => i.args === 'npm run build'))!;
    expect(copies).toContain(`--from=${buildStage.name} /app/dist ./dist`);
    expect(copies.some((c) => /\bsrc\b/.test(c) || /^\. /.test(c))).toBe(false);
    const prodDeps = stages.find((s) => s.instructions.some((i) => i.args.includes('--omit=dev')))!;
    expect(copies).toContain(`--from=${prodDeps.name} /app/node_modules ./node_modules`);
  });

  it('runs in production mode, on 0.0.0.0, as a user that is not root', () => {
    expect(runtimeEnv.NODE_ENV).toBe('production');
    expect(runtimeEnv.HOST).toBe('0.0.0.0');
    expect(runtimeArgs('EXPOSE')).toEqual([runtimeEnv.PORT]);
    const user = runtimeArgs('USER').at(-1);
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user!.split(':')[0]);
  });

  it('checks health on /readyz with node’s fetch', () => {
    const [check] = runtimeArgs('HEALTHCHECK');
    expect(check).toMatch(/\/readyz/);
    expect(check).toMatch(/CMD \["node", "-e", ".*fetch\(/);
  });

  it('starts the production server entry that scripts/build.mjs writes', () => {
    const [cmd] = runtimeArgs('CMD');
    const argv = JSON.parse(cmd!) as string[];
    expect(argv[0]).toBe('node');
    expect(argv.at(-1)).toBe('dist/server/main.js');
    expect(read('scripts/build.mjs')).toContain("main: 'src/server/main.ts'");
  });

  it('leaves local state and secrets out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['node_modules', 'dist', 'data', '.env', '.git']) expect(ignored).toContain(entry);
  });
});

describe('docs/deploy.md', () => {
  it('documents every environment variable the server reads', () => {
    const doc = read('docs/deploy.md');
    const missing = [...configVariables].filter((name) => !doc.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
