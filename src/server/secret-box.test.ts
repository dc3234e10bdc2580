import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox, KEY_FILE_NAME, loadSecretKey, parseSecretKey } from './secret-box';

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
