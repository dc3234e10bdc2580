/** The documentation lists what the code defines: the error codes in docs/api.md. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/shared/error-codes';

const root = path.resolve(import.meta.dirname, '../..');
const apiDoc = fs.readFileSync(path.join(root, 'docs/api.md'), 'utf8');

/** The rows of the table under '## Errors': code -> status. */
function documentedCodes(markdown: string): Map<string, number> {
  const section = markdown.split(/^## Errors$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = new Map<string, number>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const code = /^`([A-Z_]+)`$/.exec(cells[1] ?? '')?.[1];
    if (code) rows.set(code, Number(cells[2]));
  }
  return rows;
}

describe('docs/api.md', () => {
  const documented = documentedCodes(apiDoc);

  it('has an Errors table', () => {
    expect(documented.size).toBeGreaterThan(0);
  });

  it('lists every error code with its status, and no other', () => {
    const listed = Object.fromEntries(Object.entries(ERROR_CODES).map(([code, { status }]) => [code, status]));
    expect(Object.fromEntries(documented)).toEqual(listed);
  });
});
