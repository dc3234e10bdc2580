/** Her phones' subscriptions and her switches (docs/product.md §15). */
import { asc, eq, sql } from 'drizzle-orm';
import type { PushPreferences, PushSubscribe, PushSubscriptionView } from '@shared/schemas/push';
import type { DbOrTx } from '../../db/client';
import { pushPreferences, pushSubscriptions } from '../../db/schema';

export function createPushRepository(db: DbOrTx) {
  return {
    /** One subscription as stored (keys included: the worker sends to it), or undefined once removed. */
    async subscription(id: number): Promise<typeof pushSubscriptions.$inferSelect | undefined> {
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      return row;
    },

    async subscriptions(): Promise<PushSubscriptionView[]> {
      const rows = await db.select().from(pushSubscriptions).orderBy(asc(pushSubscriptions.id));
      return rows.map((r) => ({
        id: r.id,
        label: r.label,
        createdAt: r.createdAt.toISOString(),
        endpoint: r.endpoint,
      }));
    },

    /** Subscribing again from the same browser (same endpoint) updates its keys and label. */
    async upsert(input: PushSubscribe): Promise<PushSubscriptionView> {
      const values = {
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        label: input.label || null,
      };
      const [row] = await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            p256dh: values.p256dh,
            auth: values.auth,
            label: sql`coalesce(excluded.label, push_subscriptions.label)`,
          },
        })
        .returning();
      return { id: row!.id, label: row!.label, createdAt: row!.createdAt.toISOString(), endpoint: row!.endpoint };
    },

    /** Answers whether a subscription was removed. */
    async removeByEndpoint(endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    async preferences(): Promise<PushPreferences> {
      const [row] = await db.select().from(pushPreferences).where(eq(pushPreferences.id, 1));
      return {
        newRequest: row?.newRequest ?? true,
        clientCancellation: row?.clientCancellation ?? true,
        waitlistAcceptance: row?.waitlistAcceptance ?? true,
        checkIn: row?.checkIn ?? true,
      };
    },

    async setPreferences(p: PushPreferences): Promise<PushPreferences> {
      await db
        .insert(pushPreferences)
        .values({ id: 1, ...p })
        .onConflictDoUpdate({ target: pushPreferences.id, set: { ...p, updatedAt: sql`now()` } });
      return p;
    },
  };
}
