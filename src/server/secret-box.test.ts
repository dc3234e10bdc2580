import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createCipheriv } from 'node:crypto';
import {
  createSecretBox,
  isSealedValue,
  KEY_FILE_NAME,
  keyIdOf,
  loadSecretKey,
  loadSecretKeys,
  NEXT_KEY_FILE_NAME,
  parseSecretKey,
} from './secret-box';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-secret-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = box.seal('app-password-123');
    expect(sealed).not.toContain('app-password');
    expect(box.open(sealed)).toBe('app-password-123');
  });

  it('seals the same secret differently each time (a fresh nonce)', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a changed value and a value sealed with another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow('Not a sealed value');
  });

  it('tells a sealed value from plain text, sealed with whatever key (an empty secret too)', () => {
    for (const plain of ['secret', 'sore left shoulder', '']) {
      expect(isSealedValue(box.seal(plain))).toBe(true);
      expect(isSealedValue(createSecretBox(randomBytes(32)).seal(plain))).toBe(true);
    }
    for (const text of [
      '',
      'plain text',
      'v2.',
      'v2.not-a-key.a.b.c',
      `${box.seal('x')} and more`,
      ` ${box.seal('x')}`,
    ])
      expect(isSealedValue(text)).toBe(false);
  });
});

describe('the key', () => {
  it('reads SECRET_KEY as hex or base64 and refuses a short one', () => {
    const key = randomBytes(32);
    expect(parseSecretKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseSecretKey(key.toString('base64')).equals(key)).toBe(true);
    expect(() => parseSecretKey('short')).toThrow('SECRET_KEY must be 32 bytes');
  });

  it('creates a key file under DATA_DIR on first start, readable by its owner only, and keeps it', () => {
    const dir = tempDir();
    const first = loadSecretKey(null, dir);
    const file = path.join(dir, KEY_FILE_NAME);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(loadSecretKey(null, dir).equals(first)).toBe(true);
  });

  it('prefers SECRET_KEY to the key file', () => {
    const dir = tempDir();
    const key = randomBytes(32);
    expect(loadSecretKey(key.toString('hex'), dir).equals(key)).toBe(true);
    expect(fs.existsSync(path.join(dir, KEY_FILE_NAME))).toBe(false);
  });
});

describe('several keys (a rotation)', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  it("names the sealing key in each value, and opens an older key's values while it has that key", () => {
    const before = createSecretBox(oldKey).seal('calendar password');
    expect(before.split('.')[1]).toBe(keyIdOf(oldKey));
    const rotating = createSecretBox({ current: newKey, previous: [oldKey] });
    expect(rotating.keyId).toBe(keyIdOf(newKey));
    expect(rotating.keyIds).toEqual([keyIdOf(newKey), keyIdOf(oldKey)]);
    expect(rotating.open(before)).toBe('calendar password');
    expect(rotating.sealedWithCurrent(before)).toBe(false);
    const after = rotating.seal('calendar password');
    expect(rotating.sealedWithCurrent(after)).toBe(true);
    expect(() => createSecretBox(newKey).open(before)).toThrow(`Sealed with key ${keyIdOf(oldKey)}`);
  });

  it("still opens issue 23's first values, which named no key", () => {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', oldKey, nonce);
    const body = Buffer.concat([cipher.update('old-style', 'utf8'), cipher.final()]);
    const v1 = ['v1', nonce, cipher.getAuthTag(), body].map((p) =>
      typeof p === 'string' ? p : p.toString('base64url'),
    );
    const rotating = createSecretBox({ current: newKey, previous: [oldKey] });
    expect(rotating.open(v1.join('.'))).toBe('old-style');
    expect(isSealedValue(v1.join('.'))).toBe(true);
    expect(() => createSecretBox(newKey).open(v1.join('.'))).toThrow();
  });

  it("loads SECRET_KEY_PREVIOUS with SECRET_KEY, and a rotation's next key with the key file", () => {
    const dir = tempDir();
    const fromEnv = loadSecretKeys({
      secretKey: newKey.toString('hex'),
      secretKeyPrevious: [oldKey.toString('base64')],
      dataDir: dir,
    });
    expect(fromEnv.current.equals(newKey)).toBe(true);
    expect(fromEnv.previous.map((k) => k.toString('hex'))).toEqual([oldKey.toString('hex')]);

    const current = loadSecretKey(null, dir);
    expect(loadSecretKeys({ secretKey: null, secretKeyPrevious: [], dataDir: dir }).previous).toEqual([]);
    fs.writeFileSync(path.join(dir, NEXT_KEY_FILE_NAME), `${newKey.toString('hex')}\n`);
    const withNext = loadSecretKeys({ secretKey: null, secretKeyPrevious: [], dataDir: dir });
    expect(withNext.current.equals(current)).toBe(true);
    expect(withNext.previous.map((k) => k.toString('hex'))).toEqual([newKey.toString('hex')]);
  });
});
