/**
 * The documentation lists what the code defines: the error codes in docs/api.md, the health form's
 * questions and consent in docs/product.md §13, the privacy statement in docs/privacy.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/shared/error-codes';
import { HEALTH_CONSENT, HEALTH_QUESTIONS } from '../../src/shared/health-form';
import { CLIENT_RETENTION_YEARS, HEALTH_RETENTION_YEARS, PRIVACY_STATEMENT } from '../../src/shared/privacy';

const root = path.resolve(import.meta.dirname, '../..');
const apiDoc = fs.readFileSync(path.join(root, 'docs/api.md'), 'utf8');
const productDoc = fs.readFileSync(path.join(root, 'docs/product.md'), 'utf8');

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

/** A markdown passage as plain words: quote marks and line breaks of hand-wrapped prose dropped. */
const words = (markdown: string) => markdown.replace(/^\s*> ?/gm, '').replace(/\s+/g, ' ');

describe('docs/privacy.md', () => {
  const privacyDoc = fs.readFileSync(path.join(root, 'docs/privacy.md'), 'utf8');

  it('quotes the privacy statement the site shows, word for word', () => {
    const section = privacyDoc.split(/^## Privacy statement$/m)[1]?.split(/^## /m)[0] ?? '';
    expect(words(section)).toContain(PRIVACY_STATEMENT);
  });

  it('names the retention periods the code keeps', () => {
    expect(privacyDoc).toContain(`${HEALTH_RETENTION_YEARS} years after your last visit (\`HEALTH_RETENTION_YEARS\`)`);
    expect(privacyDoc).toContain(
      `${CLIENT_RETENTION_YEARS} years\n  after your last visit (\`CLIENT_RETENTION_YEARS\`)`,
    );
  });
});

describe('docs/product.md §13 Health form', () => {
  const section = productDoc.split(/^## §13 Health form/m)[1]?.split(/^## /m)[0] ?? '';

  it('lists every question of the form, by id and label, in the form order', () => {
    const rows = [...section.matchAll(/^ {2}\| `(\w+)` \| (.+?) \|/gm)].map((m) => [m[1], m[2]]);
    expect(rows.map(([id]) => id)).toEqual(HEALTH_QUESTIONS.map((q) => q.id));
    for (const q of HEALTH_QUESTIONS) expect(words(section)).toContain(`\`${q.id}\` | ${q.label}`);
  });

  it('quotes the current consent and its version', () => {
    expect(section).toContain(`version \`${HEALTH_CONSENT.version}\``);
    expect(words(section)).toContain(HEALTH_CONSENT.text);
  });
});
