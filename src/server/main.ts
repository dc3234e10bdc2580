/** `npm start`: open and prepare the database, serve, and shut down cleanly on SIGTERM. */
import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { stdoutLogDestination } from './log-destination';
import { prepareDatabase } from './prepare';
import {
  startCalendarSync,
  startCheckInAlerts,
  startDepositReminders,
  startJobs,
  startRetention,
  startSeriesExtension,
  startWaitlistOffers,
} from './jobs';
import { createMailWorker } from './modules/mail/worker';
import { createPushWorker } from './modules/push/worker';
import { createSmsWorker } from './modules/sms/worker';

/** SIGTERM or SIGINT to exit: a shutdown that takes longer ends here, with exit code 1. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  // The log on stdout: lines are dropped, never waited for, once its reader is gone (log-destination.ts).
  const app = await buildApp(config, database, { logger: { stream: stdoutLogDestination() } });
  try {
    await prepareDatabase(database, config, app.log);
  } catch (err) {
    app.log.fatal({ err }, 'could not prepare the database');
    await database.close();
    process.exit(1);
  }

  const jobs = startJobs(database.db, config, app.log);
  const retention = startRetention(database.db, config, app.log);
  const seriesExtension = startSeriesExtension({ db: database.db, config, drives: app.drives }, app.log);
  const waitlistOffers = startWaitlistOffers({ db: database.db, config, drives: app.drives }, app.log);
  const checkInAlerts = startCheckInAlerts(database.db, config, app.log);
  const depositReminders = startDepositReminders(database.db, config, app.log);
  const calendarDeps = {
    db: database.db,
    box: app.secretBox,
    fetcher: app.calendarFetch,
    // Her Settings move the horizon while the server runs (docs/product.md §19).
    get horizonDays() {
      return config.booking.horizonDays;
    },
  };
  const calendarSync = config.calendars.syncEnabled ? startCalendarSync(calendarDeps, config, app.log) : null;
  const mailWorker = createMailWorker({ database, config, log: app.log });
  if (config.mail.workerEnabled) mailWorker.start();
  // Web Push to her phone (docs/product.md §15): woken by each queued push, so it arrives within seconds.
  const pushWorker = createPushWorker({ database, box: app.secretBox, config, log: app.log });
  await pushWorker.start();
  // Texts (decision 038): the day-before reminders and the texts' outbox, through Twilio.
  const smsWorker = createSmsWorker({ db: database.db, box: app.secretBox, config, log: app.log });
  smsWorker.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // First the hard stop, so that nothing below (a log line, a worker, the database) can hold the exit.
    const force = setTimeout(() => {
      app.log.error(`shutdown took over ${SHUTDOWN_TIMEOUT_MS / 1000} s: exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    app.log.info({ signal }, 'shutting down');
    // At once: stop taking connections and let requests in flight finish, let the mail worker
    // finish the message it is sending, and let a jobs run end; then close the database.
    let code = 0;
    try {
      await Promise.all([
        app.close().then(() => app.log.info('HTTP server closed: requests in flight finished')),
        jobs.stop(),
        retention.stop(),
        seriesExtension.stop(),
        waitlistOffers.stop(),
        checkInAlerts.stop(),
        depositReminders.stop(),
        calendarSync?.stop(),
        mailWorker.stop(),
        pushWorker.stop(),
        smsWorker.stop(),
      ]);
      await database.close();
      app.log.info('shut down cleanly');
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      code = 1;
    } finally {
      clearTimeout(force);
      process.exit(code);
    }
  };
  // Once shutting down, every answer closes its connection: a keep-alive connection left open
  // by a request that was in flight would otherwise hold app.close() until the force timeout.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      database: database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL server',
    },
    'Homevisit is running',
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
