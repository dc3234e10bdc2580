import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { hashSessionToken } from '../../src/server/modules/auth/repository';
import { MAX_FAILURES_PER_IP, MAX_FAILURES_PER_IP_AND_USERNAME } from '../../src/server/modules/auth/throttle';
import { createTestApp, useTestApp } from '../helpers/app';
import { expectInvalid, expectRejected } from '../helpers/expect-rejected';
import { TEST_ADMIN } from '../helpers/fixtures';
import { sessionCookieOf, signIn } from '../helpers/session';

const t = useTestApp();

const login = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
  t.post('/api/auth/login', payload, { headers, remoteAddress });
const me = (cookie?: string) => t.get('/api/auth/me', { headers: cookie ? { cookie } : {} });

describe('sign-in', () => {
  it('answers the user without the password hash and sets a strict session cookie', async () => {
    const res = await login({ username: TEST_ADMIN.username, password: TEST_ADMIN.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), username: 'admin', name: TEST_ADMIN.name, email: TEST_ADMIN.email });
    expect(res.body).not.toMatch(/scrypt|hash/i);
    const cookie = res.cookies.find((c) => c.name === 'hv_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy(); // plain HTTP here
    expect(cookie.path).toBe('/');
    // At least 128 random bits (base64url: 6 bits a character).
    expect(cookie.value.length * 6).toBeGreaterThanOrEqual(128);
  });

  it('sets a readable signed-in hint beside the session, and clears both at logout', async () => {
    const res = await login({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }, {}, '10.0.0.9');
    const hint = res.cookies.find((c) => c.name === 'hv_signed_in')!;
    expect(hint.value).toBe('1');
    expect(hint.httpOnly).toBeFalsy();
    // The hint alone signs nobody in.
    expect((await me('hv_signed_in=1')).statusCode).toBe(401);
    const out = await t.post('/api/auth/logout', undefined, { headers: { cookie: sessionCookieOf(res) } });
    expect(out.cookies.find((c) => c.name === 'hv_signed_in')!.value).toBe('');
  });

  it('accepts the username in any letter case', async () => {
    const res = await login({ username: 'ADMIN', password: TEST_ADMIN.password }, {}, '10.0.0.2');
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 Invalid credentials for a wrong password and for an unknown user alike', async () => {
    const wrongPassword = await login({ username: 'admin', password: 'wrong-password-123' }, {}, '10.0.0.3');
    const unknownUser = await login({ username: 'nobody', password: 'wrong-password-123' }, {}, '10.0.0.3');
    expectRejected(wrongPassword, 401, { message: 'Invalid credentials' });
    expectRejected(unknownUser, 401, { message: 'Invalid credentials' });
    expect(wrongPassword.cookies).toHaveLength(0);
  });

  it('validates the form with the spec messages', async () => {
    expectInvalid(await login({ username: '', password: '' }, {}, '10.0.0.4'), [
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Password is required' },
    ]);
    const missing = await login({}, {}, '10.0.0.4');
    expect(missing.json().errors).toEqual([
      { path: 'username', message: 'Username is required' },
      { path: 'password', message: 'Password is required' },
    ]);
  });

  it('marks the cookie Secure behind an HTTPS proxy when TRUST_PROXY is set', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true', PUBLIC_URL: 'https://massage.example.nz' } });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'hv_session')!.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});

describe('session', () => {
  it('GET /api/auth/me answers 401 when signed out and the user when signed in', async () => {
    expectRejected(await me(), 401, { message: 'Not authenticated' });
    const cookie = await signIn(t.app);
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'admin', name: TEST_ADMIN.name, email: TEST_ADMIN.email });
    expect(Object.keys(res.json()).sort()).toEqual(['email', 'id', 'name', 'username']);
  });

  it('stores only a hash of the session id in the database', async () => {
    const cookie = await signIn(t.app);
    const token = cookie.split('=')[1]!;
    const rows = await t.sql<{ id: string }>('SELECT id FROM sessions');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.id === token)).toBe(false);
  });

  it('gives a new session id at every sign-in and ends the one it replaces', async () => {
    const first = await signIn(t.app);
    const res = await login({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }, { cookie: first });
    const second = sessionCookieOf(res);
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('logout deletes the session, and accepts the empty JSON body the client sends', async () => {
    const cookie = await signIn(t.app);
    const res = await t.post('/api/auth/logout', undefined, {
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === 'hv_session')!;
    expect(cleared.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('survives a restart: a new app on the same database knows the session', async () => {
    const cookie = await signIn(t.app);
    const second = await buildApp(t.config, t.database, { logger: false });
    try {
      const res = await second.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(res.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('expires after the idle limit and after the absolute limit', async () => {
    const idle = await signIn(t.app);
    const absolute = await signIn(t.app);
    const hash = (cookie: string) => hashSessionToken(cookie.split('=')[1]!);
    await t.sql(`UPDATE sessions SET last_seen_at = now() - interval '73 hours' WHERE id = $1`, [hash(idle)]);
    await t.sql(
      `UPDATE sessions SET created_at = now() - interval '31 days', expires_at = now() - interval '1 minute' WHERE id = $1`,
      [hash(absolute)],
    );
    expect((await me(idle)).statusCode).toBe(401);
    expect((await me(absolute)).statusCode).toBe(401);
  });

  it('refuses a made-up session cookie', async () => {
    expect((await me('hv_session=not-a-real-session-token-at-all')).statusCode).toBe(401);
  });
});

describe('throttling failed sign-ins', () => {
  it('answers 429 after too many failures from one address, and lets other addresses through', async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
      const res = await login({ username: `guess${i}`, password: 'wrong-password-123' }, {}, ip);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login({ username: 'admin', password: TEST_ADMIN.password }, {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/Too many sign-in attempts/);
    const elsewhere = await login({ username: 'admin', password: TEST_ADMIN.password }, {}, '192.0.2.11');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('answers 429 after too many failures for one username from one address, there only, for a limited window', async () => {
    const ip = '198.51.100.1';
    for (let i = 0; i < MAX_FAILURES_PER_IP_AND_USERNAME; i++) {
      const res = await login({ username: 'someone', password: 'wrong-password-123' }, {}, ip);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login({ username: 'someone', password: 'wrong-password-123' }, {}, ip);
    expect(blocked.statusCode).toBe(429);
    // No lock on the username itself: from another address it is checked (tests/api/security/login-throttle.test.ts).
    const elsewhere = await login({ username: 'someone', password: 'wrong-password-123' }, {}, '198.51.100.200');
    expect(elsewhere.statusCode).toBe(401);
    // The lock is a short window, not a permanent lock-out.
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    await t.sql(`UPDATE rate_limits SET window_start = now() - interval '16 minutes'`);
    const later = await login({ username: 'someone', password: 'wrong-password-123' }, {}, ip);
    expect(later.statusCode).toBe(401);
  });
});
