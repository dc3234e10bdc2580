/**
 * The text a failed sign-in shows (docs/product.md §8 Authentication): the server's message,
 * else 'Login failed'; a 429 also says how long to wait, from its Retry-After header.
 * Pure so it is unit-tested; the caller passes what it knows of the error.
 */
export const LOGIN_FAILED = 'Login failed';

export interface LoginFailure {
  status?: number;
  serverMessage?: string;
  retryAfterSeconds?: number | null;
}

/** 'about 1 minute', 'about 14 minutes', '30 seconds'. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'about 1 minute' : `about ${minutes} minutes`;
}

export function loginErrorText({ status, serverMessage, retryAfterSeconds }: LoginFailure): string {
  const message = serverMessage?.trim() || LOGIN_FAILED;
  if (status === 429 && retryAfterSeconds) return `${message} You can try again in ${waitText(retryAfterSeconds)}.`;
  return message;
}
