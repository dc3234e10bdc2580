import { describe, expect, it } from 'vitest';
import { matchClientPath, possibleMatchText } from './client-match-view';

describe('a possible match as her screens name it (issue 39)', () => {
  it('names the existing client and how the two compare', () => {
    expect(
      possibleMatchText({ clientId: 7, name: 'Aroha Client', same: ['e-mail'], different: ['name', 'phone'] }),
    ).toBe('Possible match: Aroha Client (same e-mail, different name and phone)');
    expect(possibleMatchText({ clientId: 7, name: 'Aroha Client', same: ['name', 'phone'], different: [] })).toBe(
      'Possible match: Aroha Client (same name and phone)',
    );
  });

  it('leaves out an empty comparison', () => {
    expect(possibleMatchText({ clientId: 7, name: 'Aroha Client', same: [], different: [] })).toBe(
      'Possible match: Aroha Client',
    );
  });

  it("leads to the existing client's page", () => {
    expect(matchClientPath({ clientId: 42 })).toBe('/admin/clients/42');
  });
});
