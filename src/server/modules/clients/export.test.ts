import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealedValue, openStored } from '../../secret-box';
import { TOKEN_REMOVED, readableAnswers, redactTokens } from './export';

const box = createSecretBox(randomBytes(32));
const otherBox = createSecretBox(randomBytes(32));

describe('injury details as the export reads them (plain in older rows, sealed in newer ones)', () => {
  it('answers plain text as stored, opens a sealed value, and gives null for one it cannot open', () => {
    expect(openStored(box, null)).toBeNull();
    expect(openStored(box, 'Sore left knee')).toBe('Sore left knee');
    expect(openStored(box, 'v2. not sealed at all')).toBe('v2. not sealed at all');
    expect(openStored(box, box.seal('Sore wrist'))).toBe('Sore wrist');
    expect(openStored(box, otherBox.seal('Sore wrist'))).toBeNull();
  });

  it('tells sealed values from text', () => {
    expect(isSealedValue(box.seal(''))).toBe(true);
    expect(isSealedValue(box.seal('x'.repeat(500)))).toBe(true);
    expect(isSealedValue('Hurt my back in v2.0 of the gym routine')).toBe(false);
  });
});

describe('redactTokens', () => {
  it('replaces each private link code, as written and URL-encoded', () => {
    const text =
      'View: https://x.nz/booking/confirm/abc+def/123456\nCancel: https://x.nz/booking/cancel/abc%2Bdef%2F123456';
    expect(redactTokens(text, ['abc+def/123456'])).toBe(
      `View: https://x.nz/booking/confirm/${TOKEN_REMOVED}\nCancel: https://x.nz/booking/cancel/${TOKEN_REMOVED}`,
    );
  });
});

describe('readableAnswers', () => {
  it('gives the form’s questions in words, and keeps an answer to a question no longer asked', () => {
    expect(readableAnswers({ pregnant: true, pregnancyWeeks: 30, retiredQuestion: 'kept' })).toEqual([
      { id: 'pregnant', question: 'Are you pregnant?', answer: 'Yes' },
      { id: 'pregnancyWeeks', question: 'How many weeks pregnant are you?', answer: '30 weeks' },
      { id: 'retiredQuestion', question: 'retiredQuestion', answer: 'kept' },
    ]);
  });
});
