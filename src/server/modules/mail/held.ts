/**
 * E-mails queued while the site had no SMTP_URL are held (docs/decisions/008 "Held"): at every start a
 * server without SMTP holds what waits (its worker does so again at each poll); a server with SMTP that starts after
 * one without holds what that one left, including messages queued after its last poll. `app_meta.mail_delivery`
 * remembers how the last server to start delivered.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appMeta } from '../../db/schema';
import { holdWaiting } from './outbox';

const DELIVERY_KEY = 'mail_delivery';

/** Records this start's delivery ('smtp' or 'files') and holds what must wait for her; answers how many. */
export async function holdMailQueuedWithoutSmtp(db: Db, hasSmtp: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    const [previous] = await tx.select().from(appMeta).where(eq(appMeta.key, DELIVERY_KEY));
    const held = !hasSmtp || previous?.value === 'files' ? await holdWaiting(tx) : 0;
    const value = hasSmtp ? 'smtp' : 'files';
    await tx.insert(appMeta).values({ key: DELIVERY_KEY, value }).onConflictDoUpdate({
      target: appMeta.key,
      set: { value },
    });
    return held;
  });
}
