/** The answers of POST /api/bookings kept under their Idempotency-Key, so a retried request gets the same booking. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export function createIdempotencyRepository(db: DbOrTx) {
  return {
    async find(key: string): Promise<IdempotencyRow | null> {
      const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      return row ?? null;
    },

    async insert(values: typeof idempotencyKeys.$inferInsert): Promise<void> {
      await db.insert(idempotencyKeys).values(values);
    },
  };
}
