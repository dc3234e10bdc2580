/**
 * Secrets at rest (docs/product.md §11: a CalDAV app password; docs/product.md §13: alerts, health answers, notes):
 * AES-256-GCM, a fresh 96-bit nonce per value, so a copied database or backup reveals nothing
 * without the key, and a changed byte is refused rather than read as something else.
 *
 * The key is SECRET_KEY (64 hex digits or base64 of 32 bytes) or, without it, a key file created
 * under DATA_DIR on first start (mode 0600). Several servers on one database must share the key:
 * set SECRET_KEY on each (docs/decisions/019-other-calendars.md).
 *
 * Each value names the key that sealed it (its id: the start of the key's SHA-256), so a key can be
 * replaced (`npm run admin -- rotate-key`, key-rotation.ts) while older keys still open what they
 * sealed: SECRET_KEY_PREVIOUS, or the key file of a rotation under way (KEY_FILE_NAME + '.next').
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** v1 named no key (issue 23's first values); v2 names its key. Both are read. */
const VERSION = 'v2';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
export const KEY_FILE_NAME = 'secret.key';
/** A rotation's new key, written before anything is re-sealed and renamed over the key file after. */
export const NEXT_KEY_FILE_NAME = `${KEY_FILE_NAME}.next`;

/**
 * What a sealed value looks like (v1 or v2, a 96-bit nonce, a 128-bit tag), as a regular expression
 * both JavaScript and PostgreSQL (`~`) read the same way: how a column sealed after it first held
 * plain text (bookings.injury_details) tells the values still to seal (key-rotation.ts).
 */
export const SEALED_VALUE_PATTERN = '^(v1|v2\\.[0-9a-f]{12})\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]*$';
const sealedValue = new RegExp(SEALED_VALUE_PATTERN);

/** Whether a stored value is a sealed one (opening it may still fail: another key, or changed). */
export const isSealedValue = (value: string): boolean => sealedValue.test(value);

/**
 * A value of a column that held plain text before it was sealed (bookings.injury_details): plain text
 * as stored, a sealed value opened, and null for one this server cannot open (another key, or changed).
 */
export function openStored(box: SecretBox, stored: string | null): string | null {
  if (stored === null || !isSealedValue(stored)) return stored;
  try {
    return box.open(stored);
  } catch {
    return null;
  }
}

export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the value was not sealed with one of this box's keys or was changed. */
  open(sealed: string): string;
  /** The id of the key that seals. */
  readonly keyId: string;
  /** The ids of every key this box opens with, the sealing key first. */
  readonly keyIds: readonly string[];
  /** Whether the value was sealed with the sealing key (a rotation re-seals the others). */
  sealedWithCurrent(sealed: string): boolean;
  /**
   * HMAC-SHA256 of `label` with the sealing key: a secret of its own for one purpose (the setup code,
   * docs/product.md §2 "First run"), the same in every process that shares the key and across restarts, and unguessable
   * without the key.
   */
  derive(label: string): Buffer;
}

/** The keys a box works with: the one that seals, and older ones that still open. */
export interface SecretKeys {
  current: Buffer;
  previous: readonly Buffer[];
}

/** A short public name of a key (safe to log and store): the first 12 hex digits of its SHA-256. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

/** The 32-byte key a SECRET_KEY spells, or an error saying how to write one. */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error('SECRET_KEY must be 32 bytes: 64 hex digits or base64 (e.g. `openssl rand -hex 32`)');
  }
  return key;
}

/** A new random key, as a key file holds it (hex). */
export const newKeyText = (): string => randomBytes(KEY_BYTES).toString('hex');

/** Writes a key file readable by its owner only; never over an existing one ('wx'). */
export function writeKeyFile(file: string, keyText: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${keyText}\n`, { flag: 'wx', mode: 0o600 });
}

/** SECRET_KEY when set; else the key file under dataDir, created (0600) the first time. */
export function loadSecretKey(secretKey: string | null, dataDir: string): Buffer {
  if (secretKey) return parseSecretKey(secretKey);
  const file = path.join(dataDir, KEY_FILE_NAME);
  if (!fs.existsSync(file)) {
    try {
      // 'wx': two processes starting at once cannot both write a key; the loser reads the winner's.
      writeKeyFile(file, newKeyText());
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return parseSecretKey(fs.readFileSync(file, 'utf8'));
}

/**
 * The ids of the keys a configuration names, without creating a key file (for backup and restore
 * messages): SECRET_KEY and SECRET_KEY_PREVIOUS, or the key files that exist under dataDir.
 */
export function configuredKeyIds(config: {
  secretKey: string | null;
  secretKeyPrevious: readonly string[];
  dataDir: string;
}): { ids: string[]; where: string } {
  if (config.secretKey)
    return {
      ids: [config.secretKey, ...config.secretKeyPrevious].map((k) => keyIdOf(parseSecretKey(k))),
      where: 'SECRET_KEY',
    };
  const files = [KEY_FILE_NAME, NEXT_KEY_FILE_NAME].map((name) => path.join(config.dataDir, name));
  return {
    ids: files.filter((f) => fs.existsSync(f)).map((f) => keyIdOf(parseSecretKey(fs.readFileSync(f, 'utf8')))),
    where: path.join(config.dataDir, KEY_FILE_NAME),
  };
}

/**
 * Every key the server opens with: the sealing key (as loadSecretKey), then SECRET_KEY_PREVIOUS
 * (comma or space separated) or, with the key file, a rotation's next key that an interrupted
 * `rotate-key` may already have sealed with.
 */
export function loadSecretKeys(config: {
  secretKey: string | null;
  secretKeyPrevious: readonly string[];
  dataDir: string;
}): SecretKeys {
  const current = loadSecretKey(config.secretKey, config.dataDir);
  const previous = config.secretKey
    ? config.secretKeyPrevious.map(parseSecretKey)
    : [path.join(config.dataDir, NEXT_KEY_FILE_NAME)]
        .filter((file) => fs.existsSync(file))
        .map((file) => parseSecretKey(fs.readFileSync(file, 'utf8')));
  return { current, previous: previous.filter((k) => !k.equals(current)) };
}

export function createSecretBox(keys: Buffer | SecretKeys): SecretBox {
  const { current, previous } = Buffer.isBuffer(keys) ? { current: keys, previous: [] } : keys;
  const all = [current, ...previous];
  for (const key of all) if (key.length !== KEY_BYTES) throw new Error(`A secret box key is ${KEY_BYTES} bytes`);
  const byId = new Map(all.map((key) => [keyIdOf(key), key]));
  const currentId = keyIdOf(current);

  const openWith = (key: Buffer, nonce: string, tag: string, body: string): string => {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  };
  return {
    keyId: currentId,
    keyIds: [...byId.keys()],
    seal(plain) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, currentId, ...[nonce, cipher.getAuthTag(), body].map((p) => p.toString('base64url'))].join('.');
    },
    open(sealed) {
      const parts = sealed.split('.');
      if (parts[0] === 'v2' && parts.length === 5) {
        const [, id, nonce, tag, body] = parts as [string, string, string, string, string];
        const key = byId.get(id);
        if (!key) throw new Error(`Sealed with key ${id}, which this server does not have`);
        return openWith(key, nonce, tag, body);
      }
      if (parts[0] === 'v1' && parts.length === 4) {
        const [, nonce, tag, body] = parts as [string, string, string, string];
        for (const key of all) {
          try {
            return openWith(key, nonce, tag, body);
          } catch {
            // Not this key: v1 values do not say which.
          }
        }
        throw new Error('Sealed with a key this server does not have, or changed');
      }
      throw new Error('Not a sealed value');
    },
    sealedWithCurrent(sealed) {
      return sealed.startsWith(`${VERSION}.${currentId}.`);
    },
    derive(label) {
      return createHmac('sha256', current).update(label).digest();
    },
  };
}
