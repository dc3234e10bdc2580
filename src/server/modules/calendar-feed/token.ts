/**
 * The feed link's secret. Calendar apps cannot sign in, so the URL itself is the credential:
 * 256 random bits, shown once, and only its SHA-256 is stored (a leaked database or backup
 * does not give the link away).
 */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;

/** 32 random bytes in base64url: 43 characters. */
export const FEED_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export const newFeedToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

/** Hex SHA-256. A plain hash is enough: the token has 256 bits of entropy, nothing to brute-force. */
export const hashFeedToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** Whether `value` could be a token at all (anything else is a 404 without a database query). */
export const isWellFormedFeedToken = (value: unknown): value is string =>
  typeof value === 'string' && FEED_TOKEN_RE.test(value);
