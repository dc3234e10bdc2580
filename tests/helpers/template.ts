/** Builds a migrated, seeded database with the test admin: the template every test file copies. */
import type { Database } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { initializeDatabase } from '../../src/server/db/seed';
import { hashPassword } from '../../src/server/modules/auth/password';
import { createAuthRepository } from '../../src/server/modules/auth/repository';
import { TEST_ADMIN, TEST_HASH_COST } from './fixtures';

export async function fillTemplate(database: Database): Promise<void> {
  await migrate(database);
  await initializeDatabase(database.db, { demo: true });
  const { password, ...account } = TEST_ADMIN;
  await createAuthRepository(database.db).createUser({
    ...account,
    passwordHash: await hashPassword(password, TEST_HASH_COST),
  });
}
