import { ApiError } from '@/lib/api';

/** The server's message for a toast (docs/product.md §8), else undefined. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.body?.message : undefined;
}
