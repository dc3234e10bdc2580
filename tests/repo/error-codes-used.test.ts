/** Every listed error code is one the server can answer: the list holds no dead entries. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ERROR_CODE_LIST } from '../../src/shared/error-codes';

const serverDir = path.resolve(import.meta.dirname, '../../src/server');
const serverSource = fs
  .readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => fs.readFileSync(path.join(serverDir, file), 'utf8'))
  .join('\n');

it.each(ERROR_CODE_LIST)('the server can answer %s', (code) => {
  expect(serverSource).toContain(`'${code}'`);
});
