/**
 * Secrets at rest (issue 23: a CalDAV app password; issue 24 will keep health answers the same
 * way): AES-256-GCM, a fresh 96-bit nonce per value, so a copied database or backup reveals
 * nothing without the key, and a changed byte is refused rather than read as something else.
 *
 * The key is SECRET_KEY (64 hex digits or base64 of 32 bytes) or, without it, a key file created
 * under DATA_DIR on first start (mode 0600). Several servers on one database must share the key:
 * set SECRET_KEY on each (docs/decisions/019-other-calendars.md).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
export const KEY_FILE_NAME = 'secret.key';

export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the value was not sealed with this key or was changed. */
  open(sealed: string): string;
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

/** SECRET_KEY when set; else the key file under dataDir, created (0600) the first time. */
export function loadSecretKey(secretKey: string | null, dataDir: string): Buffer {
  if (secretKey) return parseSecretKey(secretKey);
  const file = path.join(dataDir, KEY_FILE_NAME);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      // 'wx': two processes starting at once cannot both write a key; the loser reads the winner's.
      fs.writeFileSync(file, `${randomBytes(KEY_BYTES).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return parseSecretKey(fs.readFileSync(file, 'utf8'));
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`A secret box key is ${KEY_BYTES} bytes`);
  return {
    seal(plain) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, nonce, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== VERSION || nonce === undefined || tag === undefined || body === undefined) {
        throw new Error('Not a sealed value');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
