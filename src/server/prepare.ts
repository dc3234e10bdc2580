/** Everything a database needs before the server takes requests: migrate, first-start content, the first admin. */
import type { FastifyBaseLogger } from 'fastify';
import { adminAccountSchema } from '@shared/schemas/auth';
import type { AppConfig } from './config';
import { hashPassword } from './modules/auth/password';
import { createAuthRepository } from './modules/auth/repository';
import { backfillBookingLocations } from './modules/bookings/backfill-locations';
import { linkUnlinkedBookings } from './modules/clients/matching';
import { createTravelService } from './modules/travel/service';
import type { Database } from './db/client';
import { isUniqueViolation } from './db/errors';
import { migrate } from './db/migrate';
import { initializeDatabase } from './db/seed';
import { checkSecretKey, sealPlainValues } from './key-rotation';
import { createSecretBox, loadSecretKeys } from './secret-box';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export async function prepareDatabase(database: Database, config: AppConfig, log: Log): Promise<void> {
  const result = await migrate(database);
  log.info({ applied: result.applied, total: result.total }, 'database migrated');

  // Before anything is sealed: the data's key must be one this server has (key-rotation.ts).
  const box = createSecretBox(loadSecretKeys(config));
  const keyCheck = await checkSecretKey(database.db, box);
  if (keyCheck === 'previous')
    log.warn({ keyId: box.keyId }, 'secrets are sealed with an older key: run `npm run admin -- rotate-key`');
  // Injury details stored before they were sealed (or restored from an older backup): sealed now, once.
  const sealed = await sealPlainValues(database, box);
  if (sealed > 0) log.info({ sealed }, 'plain health answers sealed');

  if (await initializeDatabase(database.db, { demo: config.seedDemoData }))
    log.info('demo content written (first start)');

  const backfill = await backfillBookingLocations(database.db, createTravelService(config, log));
  if (backfill.ran && backfill.located + backfill.unresolved > 0)
    log.info({ ...backfill }, 'booking locations back-filled');

  const linked = await linkUnlinkedBookings(database.db);
  if (linked > 0) log.info({ linked }, 'bookings linked to their clients');

  const auth = createAuthRepository(database.db);
  if ((await auth.countUsers()) > 0) return;
  if (!config.bootstrapAdmin) {
    log.warn(
      'No administrator yet: run `npm run admin -- create`, or start with ADMIN_USERNAME and ADMIN_PASSWORD set',
    );
    return;
  }
  const parsed = adminAccountSchema.safeParse(config.bootstrapAdmin);
  if (!parsed.success) {
    throw new Error(
      `ADMIN_* settings are not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const { password, ...account } = parsed.data;
  try {
    const user = await auth.createUser({ ...account, passwordHash: await hashPassword(password) });
    log.info({ username: user.username }, 'administrator created from ADMIN_USERNAME');
  } catch (err) {
    // Several processes starting at once on one database: another one created her first.
    if (!isUniqueViolation(err)) throw err;
    log.info({ username: account.username }, 'administrator already created by another process');
  }
}
