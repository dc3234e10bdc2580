/** Her saved settings (migration 0022): one row of the fields she has saved, with a version every save moves on. */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, DbTx } from '../../db/client';
import { practiceSettings } from '../../db/schema';

export interface StoredSettings {
  overrides: unknown;
  version: number;
}

export async function readStoredSettings(db: DbOrTx): Promise<StoredSettings> {
  const [row] = await db
    .select({ overrides: practiceSettings.overrides, version: practiceSettings.version })
    .from(practiceSettings)
    .where(eq(practiceSettings.id, 1));
  return row ?? { overrides: {}, version: 0 };
}

/** The row, locked for this transaction: two saves at once apply one after the other, neither lost. */
export async function lockStoredSettings(tx: DbTx): Promise<StoredSettings> {
  await tx.execute(sql`INSERT INTO practice_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING`);
  const [row] = await tx
    .select({ overrides: practiceSettings.overrides, version: practiceSettings.version })
    .from(practiceSettings)
    .where(eq(practiceSettings.id, 1))
    .for('update');
  return row ?? { overrides: {}, version: 0 };
}

export async function writeStoredSettings(
  tx: DbTx,
  overrides: Record<string, unknown>,
  version: number,
  actor: string,
): Promise<void> {
  await tx
    .update(practiceSettings)
    .set({ overrides, version, updatedAt: new Date(), updatedBy: actor })
    .where(eq(practiceSettings.id, 1));
}
