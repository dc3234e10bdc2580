/** Her money settings (docs/product.md §18.2, migration 0019): one row, id 1, made by the migration. */
import { eq } from 'drizzle-orm';
import type { MoneySettings } from '@shared/schemas/deposit';
import type { DbOrTx } from '../../db/client';
import { moneySettings } from '../../db/schema';

const DEFAULTS: MoneySettings = { depositAppliesTo: 'first-time', keepDepositOnLateCancel: false };

export async function readMoneySettings(db: DbOrTx): Promise<MoneySettings> {
  const [row] = await db.select().from(moneySettings).where(eq(moneySettings.id, 1));
  if (!row) return DEFAULTS;
  return { depositAppliesTo: row.depositAppliesTo, keepDepositOnLateCancel: row.keepDepositOnLateCancel };
}

export async function writeMoneySettings(db: DbOrTx, settings: MoneySettings): Promise<MoneySettings> {
  // Other branches' settings may share the row: only these two columns are written.
  const values = {
    depositAppliesTo: settings.depositAppliesTo,
    keepDepositOnLateCancel: settings.keepDepositOnLateCancel,
    updatedAt: new Date(),
  };
  await db
    .insert(moneySettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: moneySettings.id, set: values });
  return readMoneySettings(db);
}
