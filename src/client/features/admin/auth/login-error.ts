/**
 * The text a failed sign-in shows (docs/product.md §8 Authentication): the server's message,
 * else 'Login failed'; TOO_MANY_ATTEMPTS (429) also says how long to wait, from its Retry-After
 * header. Pure so it is unit-tested; the caller passes what it knows of the error.
 */
import type { ErrorCode } from '@shared/error-codes';

export const LOGIN_FAILED = 'Login failed';

export interface LoginFailure {
  /** The server's code (src/shared/error-codes.ts): INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS, ... */
  code?: ErrorCode | null;
  serverMessage?: string;
  retryAfterSeconds?: number | null;
}

/** 'about 1 minute', 'about 14 minutes', '30 seconds'. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'about 1 minute' : `about ${minutes} minutes`;
}

export function loginErrorText({ code, serverMessage, retryAfterSeconds }: LoginFailure): string {
  const message = serverMessage?.trim() || LOGIN_FAILED;
  if (code === 'TOO_MANY_ATTEMPTS' && retryAfterSeconds)
    return `${message} You can try again in ${waitText(retryAfterSeconds)}.`;
  return message;
}
