// @both-databases: two setups race to create the first administrator
/**
 * The first run in the browser (docs/product.md §2 "First run"): GET/POST /api/setup, the setup code from
 * the start-up log, the sign-in throttle on wrong codes, and one administrator from two racing setups.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { setupCodeOf } from '../../src/server/modules/auth/setup-code';
import { MAX_FAILURES_PER_IP, MAX_FAILURES_PER_IP_AND_USERNAME } from '../../src/server/modules/auth/throttle';
import { prepareDatabase } from '../../src/server/prepare';
import { useTestApp } from '../helpers/app';
import { expectInvalid, expectRejected, expectUnchanged } from '../helpers/expect-rejected';
import { TEST_ADMIN, TEST_ENV } from '../helpers/fixtures';
import { sessionCookieOf } from '../helpers/session';
import { withTestDatabase } from '../helpers/test-database';

const t = useTestApp();

const code = () => setupCodeOf(t.app.secretBox);
const account = (overrides: Record<string, unknown> = {}) => ({
  code: code(),
  username: 'aroha',
  password: 'kapiti-coast-2026',
  name: 'Aroha Ngata',
  email: 'aroha@kapitimassage.example.nz',
  ...overrides,
});
const setup = (payload: unknown, remoteAddress = '10.40.0.1') => t.post('/api/setup', payload, { remoteAddress });
const needed = async () => (await t.get('/api/setup')).json<{ needed: boolean }>().needed;
const admins = () => t.sql<{ username: string }>('SELECT username FROM admin_users ORDER BY id');
const noAdmin = () => t.sql('DELETE FROM admin_users');

/** A logger that keeps what it is told. */
function capturingLog() {
  const lines: { msg: string; obj?: unknown }[] = [];
  const keep = (objOrMsg: unknown, msg?: string) =>
    lines.push(typeof objOrMsg === 'string' ? { msg: objOrMsg } : { obj: objOrMsg, msg: msg ?? '' });
  return { log: { info: keep, warn: keep }, lines };
}
const setupCodesIn = (lines: { msg: string }[]) => lines.flatMap((l) => /^Setup code: (\S+)$/.exec(l.msg)?.[1] ?? []);

describe('with an administrator', () => {
  it('says no setup is needed and refuses one, even with the right code', async () => {
    expect(await needed()).toBe(false);
    await expectUnchanged(admins, async () =>
      expectRejected(await setup(account()), 409, {
        message: 'This site has an administrator already. Please sign in.',
      }),
    );
  });
});

describe('without an administrator', () => {
  it('says setup is needed', async () => {
    await noAdmin();
    expect(await needed()).toBe(true);
  });

  it('refuses a wrong code with 403 and creates nobody', async () => {
    await noAdmin();
    const res = await expectUnchanged(admins, () => setup(account({ code: 'ABCD-EFGH-JKMN-PQRS' }), '10.40.1.1'));
    expectRejected(res, 403, {
      message: "That setup code is not right. It is in the server's log, on the line 'Setup code: …'.",
    });
    expect(res.cookies).toHaveLength(0);
    expect(await needed()).toBe(true);
  });

  it('validates the account under the admin CLI rules, with the code required', async () => {
    await noAdmin();
    expectInvalid(await setup({ ...account(), code: '', password: 'short' }, '10.40.2.1'), [
      { path: 'password', message: 'Password must be at least 12 characters' },
      { path: 'code', message: 'Setup code is required' },
    ]);
    expectInvalid(await setup(account({ username: 'aroha ngata', email: 'not-an-email' }), '10.40.2.1'), [
      { path: 'username', message: 'Username may use letters, digits and . _ @ - only' },
      { path: 'email', message: 'Please enter a valid email' },
    ]);
    expect(await admins()).toEqual([]);
  });

  it('counts wrong codes in the sign-in throttle: the 11th attempt for one username is refused, right code or not', async () => {
    await noAdmin();
    const ip = '10.40.3.1';
    for (let i = 0; i < MAX_FAILURES_PER_IP_AND_USERNAME; i++)
      expectRejected(await setup(account({ code: `WRONG-${i}` }), ip), 403);
    const blocked = await setup(account(), ip);
    expectRejected(blocked, 429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await admins()).toEqual([]);
    // Another address is not held by these.
    expect((await setup(account({ code: 'WRONG' }), '10.40.3.2')).statusCode).toBe(403);
  });

  it('counts every username from one address: the 21st attempt is refused, right code or not', async () => {
    await noAdmin();
    const ip = '10.40.4.1';
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++)
      expectRejected(await setup(account({ code: 'WRONG', username: `guess${i}` }), ip), 403);
    expectRejected(await setup(account({ username: 'someone-new' }), ip), 429);
    expect(await admins()).toEqual([]);
  });

  it('creates her with the right code (typed loosely) and signs her in; then setup is closed', async () => {
    await noAdmin();
    const typed = ` ${code().toLowerCase().replace(/-/g, ' ')} `;
    const res = await setup(account({ code: typed }), '10.40.5.1');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      username: 'aroha',
      name: 'Aroha Ngata',
      email: 'aroha@kapitimassage.example.nz',
    });
    expect(res.body).not.toMatch(/scrypt|hash|password/i);
    // The session cookie exactly as a sign-in sets it.
    const session = res.cookies.find((c) => c.name === 'hv_session')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(res.cookies.find((c) => c.name === 'hv_signed_in')?.value).toBe('1');
    const me = await t.get('/api/auth/me', { headers: { cookie: sessionCookieOf(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'aroha', name: 'Aroha Ngata' });
    // Her password signs her in.
    const login = await t.post(
      '/api/auth/login',
      { username: 'aroha', password: 'kapiti-coast-2026' },
      { remoteAddress: '10.40.5.2' },
    );
    expect(login.statusCode).toBe(200);

    expect(await needed()).toBe(false);
    await expectUnchanged(admins, async () =>
      expectRejected(await setup(account({ username: 'stranger' }), '10.40.5.3'), 409),
    );
    expect(await admins()).toEqual([{ username: 'aroha' }]);
  });

  it('lets one of two racing setups create her: exactly one administrator', async () => {
    await noAdmin();
    const [a, b] = await Promise.all([
      setup(account({ username: 'first' }), '10.40.6.1'),
      setup(account({ username: 'second' }), '10.40.6.2'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await admins()).toHaveLength(1);
    expect(await needed()).toBe(false);
  });
});

/** Each starts on an empty database (migrations, first content): on a loaded 2-core machine that takes a while. */
describe('the setup code in the log', { timeout: 120_000 }, () => {
  it('is logged at every start while no administrator exists, the same in two app instances on one database', async () => {
    await withTestDatabase({ empty: true }, async (td) => {
      const config = loadConfig({ ...TEST_ENV });
      const first = capturingLog();
      await prepareDatabase(td.database, config, first.log);
      const [logged] = setupCodesIn(first.lines);
      expect(logged).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(first.lines.find((l) => l.msg === `Setup code: ${logged}`)?.obj).toEqual({
        setupUrl: 'http://localhost:3000/admin/setup',
      });
      expect(first.lines.some((l) => l.msg.includes('http://localhost:3000/admin/setup'))).toBe(true);

      // A second process on the same database (its own config and app): the same code, which either app accepts.
      const second = capturingLog();
      await prepareDatabase(td.database, loadConfig({ ...TEST_ENV }), second.log);
      expect(setupCodesIn(second.lines)).toEqual([logged]);
      const apps = [await buildApp(config, td.database, { logger: false }), await buildApp(config, td.database)];
      try {
        expect(setupCodeOf(apps[0]!.secretBox)).toBe(logged);
        expect(setupCodeOf(apps[1]!.secretBox)).toBe(logged);
        const res = await apps[1]!.inject({
          method: 'POST',
          url: '/api/setup',
          payload: { ...account({ code: logged }) },
        });
        expect(res.statusCode, res.body).toBe(201);
      } finally {
        await Promise.all(apps.map((a) => a.close()));
      }

      // She exists now: no code at the next start.
      const after = capturingLog();
      await prepareDatabase(td.database, config, after.log);
      expect(setupCodesIn(after.lines)).toEqual([]);
      expect(after.lines.some((l) => l.msg.includes('/admin/setup'))).toBe(false);
    });
  });

  it('stays the same across restarts with the key file under DATA_DIR (no SECRET_KEY)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-setup-'));
    try {
      await withTestDatabase({ empty: true }, async (td) => {
        const env = { ...TEST_ENV, SECRET_KEY: '', DATA_DIR: dataDir };
        const first = capturingLog();
        await prepareDatabase(td.database, loadConfig(env), first.log);
        const second = capturingLog();
        await prepareDatabase(td.database, loadConfig(env), second.log);
        expect(setupCodesIn(first.lines)).toHaveLength(1);
        expect(setupCodesIn(second.lines)).toEqual(setupCodesIn(first.lines));
        // Not the code of the test key: it comes from this data folder's own key.
        expect(setupCodesIn(first.lines)[0]).not.toBe(code());
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is not logged when ADMIN_* creates her at start', async () => {
    await withTestDatabase({ empty: true }, async (td) => {
      const config = loadConfig({
        ...TEST_ENV,
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
      });
      const start = capturingLog();
      await prepareDatabase(td.database, config, start.log);
      expect(setupCodesIn(start.lines)).toEqual([]);
      const app = await buildApp(config, td.database, { logger: false });
      try {
        expect((await app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({ needed: false });
      } finally {
        await app.close();
      }
    });
  });
});
