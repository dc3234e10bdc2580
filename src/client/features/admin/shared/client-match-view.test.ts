import { describe, expect, it } from 'vitest';
import {
  MATCH_CHOICES,
  MATCH_CHOICE_HINTS,
  MATCH_QUESTION,
  matchChoiceLabel,
  matchClientPath,
  possibleMatchOfText,
  possibleMatchText,
  requestClientPath,
} from './client-match-view';

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

  it("marks the request's client in the clients list with the existing client's name", () => {
    expect(possibleMatchOfText({ name: 'Aroha Client' })).toBe('Possible match of Aroha Client');
  });

  it("leads to the request's own client page only while its match is open", () => {
    const match = { clientId: 7, name: 'Aroha Client', same: ['e-mail' as const], different: [] };
    expect(requestClientPath({ clientId: 12, clientMatch: match })).toBe('/admin/clients/12');
    expect(requestClientPath({ clientId: 12, clientMatch: null })).toBeNull();
    expect(requestClientPath({ clientId: null, clientMatch: match })).toBeNull();
  });

  it('asks whether it is the same person, the same person first, each answer saying what it does', () => {
    expect(MATCH_QUESTION).toBe('Is this the same person?');
    expect(MATCH_CHOICES).toEqual(['link', 'separate']);
    expect(matchChoiceLabel('link', 'Aroha Client')).toBe("Same person: add this visit to Aroha Client's record");
    expect(matchChoiceLabel('separate', 'Aroha Client')).toBe('Someone else: keep them as a new client');
    expect(MATCH_CHOICE_HINTS.separate).toBe('The existing client is left unchanged.');
    expect(MATCH_CHOICE_HINTS.link).toContain('the existing name, e-mail and phone stay as they are');
  });
});
