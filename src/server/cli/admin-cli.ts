/**
 * npm run admin -- create [--username U] [--name N] [--email E]
 * npm run admin -- reset-password [--username U]
 * npm run admin -- rotate-key | forget-secrets [--yes]   (key-commands.ts)
 * The password comes from ADMIN_PASSWORD or a hidden prompt; it is never printed.
 */
import { parseArgs } from 'node:util';
import { adminAccountSchema, newPasswordSchema } from '@shared/schemas/auth';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { migrate } from '../db/migrate';
import { hashPassword } from '../modules/auth/password';
import { createAuthRepository } from '../modules/auth/repository';
import { forgetSecrets, rotateKey } from './key-commands';
import { ask, askHidden } from './prompt';

const USAGE = `Usage:
  npm run admin -- create [--username NAME] [--name "Full Name"] [--email you@example.nz]
  npm run admin -- reset-password [--username NAME]
  npm run admin -- rotate-key           re-seal every secret with a new key (docs/deploy.md, Keys)
  npm run admin -- forget-secrets --yes remove secrets sealed with a key that is lost
The password is read from ADMIN_PASSWORD, or asked for (hidden). At least 12 characters.`;

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  const password = fromEnv ?? (await askHidden('Password (12+ characters): '));
  const checked = newPasswordSchema.safeParse(password);
  if (!checked.success) fail(checked.error.issues[0]!.message);
  if (!fromEnv && process.stdin.isTTY && (await askHidden('Repeat password: ')) !== password)
    fail('The passwords do not match');
  return password;
}

function fail(message: string): never {
  console.error(`Error: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      help: { type: 'boolean' },
      yes: { type: 'boolean' },
    },
  });
  const command = positionals[0];
  if (!values.help && command === 'rotate-key') return rotateKey(loadConfig(), console.log);
  if (!values.help && command === 'forget-secrets') {
    if (!(await forgetSecrets(loadConfig(), values.yes ?? false, console.log))) process.exit(1);
    return;
  }
  if (values.help || (command !== 'create' && command !== 'reset-password')) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }

  const config = loadConfig();
  const username = values.username ?? (await ask('Username: '));
  let account: { username: string; name: string; email: string } | null = null;
  if (command === 'create') {
    const name = values.name ?? (await ask('Full name: '));
    const email = values.email ?? (await ask('E-mail: '));
    const checked = adminAccountSchema.omit({ password: true }).safeParse({ username, name, email });
    if (!checked.success) fail(checked.error.issues.map((i) => i.message).join('; '));
    account = checked.data;
  }
  const password = await readPassword();

  const database = await openConfiguredDatabase(config).catch((err: Error) => fail(err.message));
  try {
    await migrate(database);
    const repo = createAuthRepository(database.db);
    const existing = await repo.findUserByUsername(username);
    if (account) {
      if (existing) fail(`An administrator named '${existing.username}' already exists (use reset-password)`);
      const user = await repo.createUser({ ...account, passwordHash: await hashPassword(password) });
      console.log(`Created administrator '${user.username}' (${user.name}, ${user.email}).`);
    } else {
      if (!existing) fail(`No administrator named '${username}'`);
      await repo.setPassword(existing.id, await hashPassword(password));
      console.log(`Password changed for '${existing.username}'; their sessions were signed out.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => fail(err instanceof Error ? err.message : String(err)));
