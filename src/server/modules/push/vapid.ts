/**
 * The server's VAPID key pair (RFC 8292): made on first need with web-push and kept in push_vapid, the private key
 * sealed with the secret box like health answers. Two processes starting together both try to insert; the
 * database keeps the first (ON CONFLICT DO NOTHING) and both read that one back.
 */
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { pushSubscriptions, pushVapid } from '../../db/schema';
import type { SecretBox } from '../../secret-box';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export async function ensureVapidKeys(db: Db, box: SecretBox): Promise<VapidKeys> {
  const [existing] = await db.select().from(pushVapid).where(eq(pushVapid.id, 1));
  if (existing) return { publicKey: existing.publicKey, privateKey: box.open(existing.privateKeyEncrypted) };
  const fresh = webpush.generateVAPIDKeys();
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(pushVapid)
      .values({ id: 1, publicKey: fresh.publicKey, privateKeyEncrypted: box.seal(fresh.privateKey) })
      .onConflictDoNothing()
      .returning({ id: pushVapid.id });
    // A new pair (first start, or the old private key could not be read after a key loss): subscriptions made
    // for another public key are refused by the push services, so they go and her phones subscribe again.
    if (inserted.length > 0) await tx.delete(pushSubscriptions);
  });
  const [row] = await db.select().from(pushVapid).where(eq(pushVapid.id, 1));
  return { publicKey: row!.publicKey, privateKey: box.open(row!.privateKeyEncrypted) };
}

/** One read per process: the pair never changes while the server runs (a key loss deletes it at start only). */
export function vapidKeysOnce(db: Db, box: SecretBox): () => Promise<VapidKeys> {
  let pending: Promise<VapidKeys> | null = null;
  return () => {
    pending ??= ensureVapidKeys(db, box).catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}
