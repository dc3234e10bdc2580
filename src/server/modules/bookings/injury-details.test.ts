import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealedValue } from '../../secret-box';
import { openInjuryDetails, sealInjuryDetails } from './injury-details';

describe('injury details at rest', () => {
  const box = createSecretBox(randomBytes(32));

  it('are stored sealed and opened as written; none stays none', () => {
    const stored = sealInjuryDetails(box, 'Sore left shoulder')!;
    expect(isSealedValue(stored)).toBe(true);
    expect(stored).not.toContain('shoulder');
    expect(openInjuryDetails(box, stored)).toBe('Sore left shoulder');
    expect(sealInjuryDetails(box, null)).toBeNull();
    expect(openInjuryDetails(box, null)).toBeNull();
  });

  it('read as none when sealed with a key this server does not have, or changed', () => {
    const other = sealInjuryDetails(createSecretBox(randomBytes(32)), 'Recent knee surgery');
    expect(openInjuryDetails(box, other)).toBeNull();
    const stored = sealInjuryDetails(box, 'Recent knee surgery')!;
    const changed = `${stored.slice(0, -2)}${stored.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(openInjuryDetails(box, changed)).toBeNull();
  });

  it('read as they are while still plain text (stored before they were sealed, not yet sealed at start)', () => {
    expect(openInjuryDetails(box, 'sore knee')).toBe('sore knee');
  });
});
