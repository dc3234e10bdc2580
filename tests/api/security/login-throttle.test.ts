// @both-databases: parallel sign-ins race for the limiter's counters, kept in the database
/**
 * docs/security.md "Limits that hold in parallel", sign-in: every attempt is counted before the password is checked
 * (per address, and per address and username), so parallel guesses cannot outrun the count; a burst of failures from
 * one address does not hold her sign-in anywhere else; her own correct sign-ins spend nothing. docs/security.md
 * "Limits".
 */
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { useTestApp } from '../../helpers/app';
import { TEST_ADMIN } from '../../helpers/fixtures';

const t = useTestApp();

/** The documented numbers (docs/security.md "Limits"), in a 15-minute window. */
const PER_ADDRESS = 20;
const PER_ADDRESS_AND_USERNAME = 10;

let addresses = 0;
/** A fresh address per test, so no test spends another's count. */
const freshAddress = () => `203.0.113.${++addresses}`;

const login = (username: string, password: string, remoteAddress: string) =>
  t.post('/api/auth/login', { username, password }, { remoteAddress });
const wrong = (username: string, remoteAddress: string) => login(username, 'wrong-password-123', remoteAddress);
const correct = (remoteAddress: string) => login(TEST_ADMIN.username, TEST_ADMIN.password, remoteAddress);

function statuses(answers: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
  return counts;
}

describe('parallel guesses from one address', () => {
  it('checks at most 10 of 40 parallel wrong passwords for one username; the rest answer 429 unchecked', async () => {
    const ip = freshAddress();
    const answers = await Promise.all(Array.from({ length: 40 }, () => wrong(TEST_ADMIN.username, ip)));
    // A 401 is an answer the password was checked for; a 429 never reached it.
    expect(statuses(answers)).toEqual({ 401: PER_ADDRESS_AND_USERNAME, 429: 40 - PER_ADDRESS_AND_USERNAME });
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: expect.stringMatching(/Too many/) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
  });

  it('checks at most 20 of 40 parallel wrong guesses over many usernames', async () => {
    const ip = freshAddress();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => wrong(`guess${i}`, ip)));
    expect(statuses(answers)).toEqual({ 401: PER_ADDRESS, 429: 40 - PER_ADDRESS });
  });

  it('once spent at an address, even the right password is refused there without a check', async () => {
    const ip = freshAddress();
    const answers = await Promise.all(Array.from({ length: 30 }, () => wrong(TEST_ADMIN.username, ip)));
    expect(statuses(answers)[401]).toBe(PER_ADDRESS_AND_USERNAME);
    // Spent from this address: even the right password is not checked here now.
    expect((await correct(ip)).statusCode).toBe(429);
  });
});

describe('her own sign-in stays possible', () => {
  it('a burst of failures for her username from one address does not hold her sign-in from another', async () => {
    const attacker = freshAddress();
    const answers = await Promise.all(Array.from({ length: 15 }, () => wrong(TEST_ADMIN.username, attacker)));
    expect(statuses(answers)[429]).toBeGreaterThan(0);
    const res = await correct(freshAddress());
    expect(res.statusCode, res.body).toBe(200);
  });

  it('failures spread over many addresses do not lock her username', async () => {
    for (let i = 0; i < 3 * PER_ADDRESS_AND_USERNAME; i++)
      expect((await wrong(TEST_ADMIN.username, freshAddress())).statusCode).toBe(401);
    const res = await correct(freshAddress());
    expect(res.statusCode, res.body).toBe(200);
  });

  it('signs her in from an address where others have failed, below its limit', async () => {
    const ip = freshAddress();
    for (let i = 0; i < PER_ADDRESS - 1; i++) expect((await wrong(`other${i}`, ip)).statusCode).toBe(401);
    expect((await correct(ip)).statusCode).toBe(200);
    // Her success did not clear the address's failures: one more failure spends it.
    expect((await wrong('other-again', ip)).statusCode).toBe(401);
    expect((await wrong('other-again', ip)).statusCode).toBe(429);
  });

  it('her own mistakes then her password: the success clears her count at that address', async () => {
    const ip = freshAddress();
    for (let i = 0; i < PER_ADDRESS_AND_USERNAME - 1; i++)
      expect((await wrong(TEST_ADMIN.username, ip)).statusCode).toBe(401);
    expect((await correct(ip)).statusCode).toBe(200);
    for (let i = 0; i < PER_ADDRESS_AND_USERNAME - 1; i++)
      expect((await wrong(TEST_ADMIN.username, ip)).statusCode).toBe(401);
    expect((await correct(ip)).statusCode).toBe(200);
  });

  it('her correct sign-ins spend nothing: 30 in a row, and 10 at once, from one address', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 30; i++) expect((await correct(ip)).statusCode).toBe(200);
    const together = await Promise.all(Array.from({ length: 10 }, () => correct(ip)));
    expect(statuses(together)).toEqual({ 200: 10 });
    expect((await wrong('someone', ip)).statusCode).toBe(401);
  });
});
