import { describe, expect, it } from 'vitest';
import { HEALTH_CONSENT, HEALTH_QUESTIONS, type HealthQuestion } from '@shared/health-form';
import { addMonths, healthFormStatus } from './status';

/** A complete form with no red flags. */
const QUIET_ANSWERS = {
  recentSurgery: false,
  recentInjury: false,
  bloodClots: false,
  heartCondition: false,
  bloodPressure: 'normal',
  diabetes: false,
  epilepsy: false,
  cancerTreatment: false,
  skinCondition: false,
  infectiousIllness: false,
  pregnant: false,
  takingMedication: false,
  bloodThinners: false,
  allergies: ['none'],
  pressure: 'medium',
  emergencyContactName: 'Mere Taylor',
  emergencyContactPhone: '021 555 0101',
};

const NOW = new Date('2027-03-10T00:00:00.000Z');
const form = (
  consentedAt: string,
  over: Partial<{ consentVersion: string; answers: Record<string, unknown> }> = {},
) => ({
  consentedAt: new Date(consentedAt),
  consentVersion: over.consentVersion ?? HEALTH_CONSENT.version,
  answers: over.answers ?? QUIET_ANSWERS,
});

describe('healthFormStatus', () => {
  it('is missing without a form', () => {
    expect(healthFormStatus(null, NOW, 12)).toBe('missing');
  });

  it('is current within the months, outdated from the day they have passed', () => {
    expect(healthFormStatus(form('2026-03-10T00:00:01.000Z'), NOW, 12)).toBe('current');
    expect(healthFormStatus(form('2026-03-10T00:00:00.000Z'), NOW, 12)).toBe('outdated');
    expect(healthFormStatus(form('2026-02-01T00:00:00.000Z'), NOW, 12)).toBe('outdated');
    expect(healthFormStatus(form('2026-11-01T00:00:00.000Z'), NOW, 3)).toBe('outdated');
  });

  it('is outdated under another consent version', () => {
    expect(healthFormStatus(form('2027-03-01T00:00:00.000Z', { consentVersion: '2020-1' }), NOW, 12)).toBe('outdated');
  });

  it('is outdated when the answers no longer make a valid form (a new required question)', () => {
    const added: HealthQuestion = { id: 'newQuestion', label: 'New?', kind: 'boolean', required: true };
    const questions = [...HEALTH_QUESTIONS, added];
    expect(healthFormStatus(form('2027-03-01T00:00:00.000Z'), NOW, 12, questions)).toBe('outdated');
    expect(healthFormStatus(form('2027-03-01T00:00:00.000Z'), NOW, 12)).toBe('current');
  });
});

describe('addMonths', () => {
  it('counts calendar months', () => {
    expect(addMonths(new Date('2026-01-15T10:00:00.000Z'), 12).toISOString()).toBe('2027-01-15T10:00:00.000Z');
    expect(addMonths(new Date('2026-06-30T10:00:00.000Z'), 1).toISOString()).toBe('2026-07-30T10:00:00.000Z');
  });
});
