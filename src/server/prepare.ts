/** Everything a database needs before the server takes requests: migrate, first-start content, the first admin. */
import type { FastifyBaseLogger } from 'fastify';
import { adminAccountSchema } from '@shared/schemas/auth';
import { publicUrlWarning, type AppConfig } from './config';
import { hashPassword } from './modules/auth/password';
import { createAuthRepository } from './modules/auth/repository';
import { setupCodeOf } from './modules/auth/setup-code';
import { backfillBookingLocations } from './modules/bookings/backfill-locations';
import { linkUnlinkedBookings } from './modules/clients/matching';
import { holdMailQueuedWithoutSmtp } from './modules/mail/held';
import { createTravelService } from './modules/travel/service';
import type { Database } from './db/client';
import { isUniqueViolation } from './db/errors';
import { migrate } from './db/migrate';
import { initializeDatabase } from './db/seed';
import { checkSecretKey, sealPlainValues } from './key-rotation';
import { createSecretBox, loadSecretKeys, type SecretBox } from './secret-box';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export async function prepareDatabase(database: Database, config: AppConfig, log: Log): Promise<void> {
  const urlWarning = publicUrlWarning(config);
  if (urlWarning) log.warn({ publicUrl: config.publicUrl }, urlWarning);
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

  // Before any worker runs: what was queued while e-mail was not set up waits for her decision (docs/product.md §2
  // "Outbox").
  const held = await holdMailQueuedWithoutSmtp(database.db, config.mail.smtpUrl !== null);
  if (held > 0) log.info({ held }, 'e-mails queued without SMTP_URL held: she sends or discards them in the Outbox');

  const auth = createAuthRepository(database.db);
  if ((await auth.countUsers()) > 0) return;
  if (!config.bootstrapAdmin) {
    logSetupCode(config, box, log);
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

/**
 * No administrator yet (docs/product.md §19): where to create her in the browser and the code that page asks for, at
 * every start until she exists. The code is derived from the secret key (modules/auth/setup-code.ts), so it is the same
 * in every process and after a restart.
 */
function logSetupCode(config: AppConfig, box: SecretBox, log: Log): void {
  const setupUrl = `${config.publicUrl}/admin/setup`;
  log.warn(
    { setupUrl },
    `No administrator yet: open ${setupUrl} and enter the setup code below (or run \`npm run admin -- create\`, or start with ADMIN_USERNAME and ADMIN_PASSWORD set)`,
  );
  log.warn({ setupUrl }, `Setup code: ${setupCodeOf(box)}`);
}
