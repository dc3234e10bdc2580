/**
 * Sign-in throttling (docs/security.md "Sign-in" and "Limits"). Every attempt is counted before the
 * password is checked, in one statement that answers the counts with this attempt in them, so parallel guesses
 * cannot all pass a count none of them has added to yet:
 * - per client address: 20 attempts in 15 minutes, whatever the usernames;
 * - per client address and username: 10 in 15 minutes.
 * There is deliberately no count per username alone: failures from anywhere would then hold her sign-in
 * everywhere, so anyone knowing her username could lock her out. Her correct sign-in takes its own attempt back
 * from the address's count (each success only its own, so successes never clear anyone's failures) and clears
 * her count at that address.
 */
import { tooManyRequests } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limiter';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_IP = 20;
export const MAX_FAILURES_PER_IP_AND_USERNAME = 10;
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';

const ipKey = (ip: string) => `login:ip:${ip}`;
/** Usernames are unique regardless of letter case, so `Admin` and `admin` share a count. */
const ipUserKey = (ip: string, username: string) => `login:ip-user:${ip}:${username.toLowerCase()}`;

export function createLoginThrottle(limiter: RateLimiter) {
  return {
    /** Counts this attempt; throws 429 (with Retry-After) when it is past either limit, before any password check. */
    async attempt(ip: string, username: string): Promise<void> {
      const [byIp, byIpUser] = await limiter.hitAll([ipKey(ip), ipUserKey(ip, username)], LOGIN_WINDOW_MS);
      const spent = [
        byIp!.count > MAX_FAILURES_PER_IP ? byIp! : null,
        byIpUser!.count > MAX_FAILURES_PER_IP_AND_USERNAME ? byIpUser! : null,
      ].filter((w) => w !== null);
      if (spent.length > 0)
        throw tooManyRequests('TOO_MANY_ATTEMPTS', TOO_MANY_ATTEMPTS, Math.max(...spent.map((w) => w.retryAfter)));
    },
    /** The attempt was her correct password: it was no failure, and her count at this address starts again. */
    async succeeded(ip: string, username: string): Promise<void> {
      await limiter.refund(ipKey(ip));
      await limiter.reset(ipUserKey(ip, username));
    },
  };
}
