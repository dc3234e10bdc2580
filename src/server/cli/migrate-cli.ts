/** npm run db:migrate: apply pending migrations to the configured database and stop. */
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openConfiguredDatabase } from '../db/open';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const { applied, total } = await migrate(database);
  console.log(
    applied.length ? `Applied ${applied.join(', ')} (${total} in all).` : `Up to date (${total} migrations).`,
  );
} finally {
  await database.close();
}
