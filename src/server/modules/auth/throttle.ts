/**
 * Failed sign-ins are throttled per client address and per username. The windows are
 * short, so even someone guessing at the real admin's name cannot lock her out for
 * longer than LOGIN_WINDOW_MS. Successful sign-ins clear the username's count.
 */
import { tooManyRequests } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limiter';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_IP = 20;
export const MAX_FAILURES_PER_USERNAME = 10;
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';

const ipKey = (ip: string) => `login:ip:${ip}`;
const userKey = (username: string) => `login:user:${username.toLowerCase()}`;

export function createLoginThrottle(limiter: RateLimiter) {
  return {
    /** Throws 429 when either counter is spent. */
    async check(ip: string, username: string): Promise<void> {
      const [byIp, byUser] = await Promise.all([
        limiter.peek(ipKey(ip), LOGIN_WINDOW_MS),
        limiter.peek(userKey(username), LOGIN_WINDOW_MS),
      ]);
      if (byIp.count >= MAX_FAILURES_PER_IP)
        throw tooManyRequests('TOO_MANY_ATTEMPTS', TOO_MANY_ATTEMPTS, byIp.retryAfter);
      if (byUser.count >= MAX_FAILURES_PER_USERNAME)
        throw tooManyRequests('TOO_MANY_ATTEMPTS', TOO_MANY_ATTEMPTS, byUser.retryAfter);
    },
    async recordFailure(ip: string, username: string): Promise<void> {
      await limiter.hit(ipKey(ip), LOGIN_WINDOW_MS);
      await limiter.hit(userKey(username), LOGIN_WINDOW_MS);
    },
    async recordSuccess(username: string): Promise<void> {
      await limiter.reset(userKey(username));
    },
  };
}
