/** `npm start`: open and prepare the database, serve, and shut down cleanly on SIGTERM. */
import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { prepareDatabase } from './db/prepare';
import { startJobs } from './jobs';
import { createMailWorker } from './modules/mail/worker';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const app = await buildApp(config, database);
  try {
    await prepareDatabase(database, config, app.log);
  } catch (err) {
    app.log.fatal({ err }, 'could not prepare the database');
    await database.close();
    process.exit(1);
  }

  const jobs = startJobs(database.db, config, app.log);
  const mailWorker = createMailWorker({ database, config, log: app.log });
  if (config.mail.workerEnabled) mailWorker.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop taking connections, let requests in flight finish, then close the database.
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await jobs.stop();
      await mailWorker.stop();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL server' },
    'Homevisit is running',
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
