/**
 * npm run admin -- rotate-key | forget-secrets [--yes]  (key-rotation.ts)
 *
 * rotate-key, with the key file (no SECRET_KEY): writes a new key beside the old one
 * (secret.key.next), re-seals every secret with it in one transaction, then puts it in place and
 * keeps the old one as secret.key.retired-<id> until no backup needs it. Interrupted, it is simply
 * run again: the server opens values sealed with either key meanwhile.
 * rotate-key, with SECRET_KEY: set SECRET_KEY to the new key and SECRET_KEY_PREVIOUS to the old one
 * (on every server), then run it; afterwards SECRET_KEY_PREVIOUS can go.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { migrate } from '../db/migrate';
import { forgetUnreadable, resealAll } from '../key-rotation';
import {
  createSecretBox,
  KEY_FILE_NAME,
  keyIdOf,
  loadSecretKey,
  loadSecretKeys,
  NEXT_KEY_FILE_NAME,
  newKeyText,
  parseSecretKey,
  writeKeyFile,
} from '../secret-box';

async function withDatabase<T>(
  config: AppConfig,
  work: (db: Awaited<ReturnType<typeof openConfiguredDatabase>>) => Promise<T>,
) {
  const database = await openConfiguredDatabase(config);
  try {
    await migrate(database);
    return await work(database);
  } finally {
    await database.close();
  }
}

export async function rotateKey(config: AppConfig, print: (line: string) => void): Promise<void> {
  if (config.secretKey) {
    const box = createSecretBox(loadSecretKeys(config));
    const result = await withDatabase(config, (database) => resealAll(database, box));
    print(
      `Re-sealed ${result.resealed} secret value(s) with SECRET_KEY (key ${box.keyId}); ${result.unchanged} already were.` +
        (config.secretKeyPrevious.length > 0 ? ' SECRET_KEY_PREVIOUS can now be removed from every server.' : ''),
    );
    return;
  }
  const keyFile = path.join(config.dataDir, KEY_FILE_NAME);
  const nextFile = path.join(config.dataDir, NEXT_KEY_FILE_NAME);
  const old = loadSecretKey(null, config.dataDir);
  // A rotation that was interrupted goes on with the key it started.
  if (!fs.existsSync(nextFile)) writeKeyFile(nextFile, newKeyText());
  const next = parseSecretKey(fs.readFileSync(nextFile, 'utf8'));
  const box = createSecretBox({ current: next, previous: [old] });
  const result = await withDatabase(config, (database) => resealAll(database, box));
  const retired = path.join(config.dataDir, `${KEY_FILE_NAME}.retired-${keyIdOf(old)}`);
  if (!old.equals(next)) fs.renameSync(keyFile, retired);
  fs.renameSync(nextFile, keyFile);
  print(
    `Re-sealed ${result.resealed} secret value(s) with a new key (${box.keyId}) in ${keyFile}; ${result.unchanged} already were. ` +
      `The old key is kept in ${retired}: backups taken before now need it; delete it when none does.`,
  );
}

export async function forgetSecrets(config: AppConfig, confirmed: boolean, print: (line: string) => void) {
  const box = createSecretBox(loadSecretKeys(config));
  if (!confirmed) {
    print(
      'This removes every secret value the current key cannot open (calendar passwords, alerts, health forms, notes, ' +
        'injury details sealed with a lost key). Run again with --yes to do it.',
    );
    return false;
  }
  const removed = await withDatabase(config, (database) => forgetUnreadable(database, box));
  const lines = Object.entries(removed).map(([column, n]) => `${column}: ${n}`);
  print(
    lines.length > 0
      ? `Removed what could not be read: ${lines.join(', ')}.`
      : 'Everything could be read: nothing removed.',
  );
  print(`The data now names key ${box.keyId}.`);
  return true;
}
