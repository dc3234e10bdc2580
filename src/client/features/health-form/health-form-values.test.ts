import { describe, expect, it } from 'vitest';
import {
  HEALTH_CONSENT,
  HEALTH_QUESTIONS,
  healthFormSubmissionSchema,
  healthQuestionSchema,
  healthSubmissionSchema,
} from '@shared/health-form';
import { bookingSchema } from '@shared/schemas/booking';
import { HEALTH_FORM_STATUSES } from '@shared/constants';
import type { HealthFormPage } from '@shared/schemas/health';
import { ApiError } from '../../lib/api';
import {
  emptyAnswer,
  firstScreen,
  initialAnswers,
  initialValues,
  loadFailure,
  placeFieldErrors,
  reconfirmBody,
  shownQuestions,
  toggleOption,
  type HealthFormAnswers,
} from './health-form-values';
import { formDate, visitWhen } from './visit-words';

/** The questions as the GET answer carries them (the red-flag phrases left out). */
const questions = HEALTH_QUESTIONS.map((q) => healthQuestionSchema.parse(q));
const question = (id: string) => questions.find((q) => q.id === id)!;
const consent = { version: HEALTH_CONSENT.version, text: HEALTH_CONSENT.text };

const page = (overrides: Partial<HealthFormPage> = {}): HealthFormPage => ({
  questions,
  consent,
  status: 'missing',
  visit: { date: '2026-12-02', time: '10:00', serviceName: 'Swedish Massage', firstName: 'Aroha' },
  submittedAt: null,
  ...overrides,
});

/** The answers a client fills in: 30 weeks pregnant, on warfarin, allergic to nut oils. */
function filledIn(): HealthFormAnswers {
  return {
    ...initialAnswers(questions),
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
    pregnant: true,
    pregnancyWeeks: '30',
    takingMedication: true,
    medicationNames: '  Warfarin 5 mg daily  ',
    bloodThinners: true,
    allergies: ['nutOils'],
    pressure: 'medium',
    emergencyContactName: 'Tama Ngata',
    emergencyContactPhone: '021 555 0199',
  };
}

describe('initialAnswers', () => {
  it('starts every field empty in its kind: no radio checked, empty text, no option', () => {
    const answers = initialAnswers(questions);
    expect(Object.keys(answers)).toEqual(questions.map((q) => q.id));
    expect(answers.pregnant).toBeUndefined();
    expect(answers.bloodPressure).toBeUndefined();
    expect(answers.pregnancyWeeks).toBe('');
    expect(answers.medicationNames).toBe('');
    expect(answers.allergies).toEqual([]);
    expect(emptyAnswer(question('gpName'))).toBe('');
  });

  it('starts from an earlier form: numbers as their text, unknown ids and options dropped', () => {
    const answers = initialAnswers(questions, {
      pregnant: true,
      pregnancyWeeks: 30,
      bloodPressure: 'retired-option',
      allergies: ['latex', 'gone'],
      gpName: 'Dr Lee, Raglan Medical',
      oldQuestion: true,
      diabetes: 'not a boolean',
    });
    expect(answers.pregnant).toBe(true);
    expect(answers.pregnancyWeeks).toBe('30');
    expect(answers.bloodPressure).toBeUndefined();
    expect(answers.allergies).toEqual(['latex']);
    expect(answers.gpName).toBe('Dr Lee, Raglan Medical');
    expect(answers.diabetes).toBeUndefined();
    expect('oldQuestion' in answers).toBe(false);
  });

  it('starts empty, the consent name typed afresh with the page’s consent version', () => {
    const previous = { consentedAt: '2026-01-10T02:00:00Z', canReconfirm: false };
    const values = initialValues(page({ previous }));
    expect(values.consent).toEqual({ version: HEALTH_CONSENT.version, fullName: '' });
    expect(values.answers.pregnant).toBeUndefined();
  });
});

describe('the form values as the submission (the shared schema)', () => {
  it('turns a filled-in form into the answers the server stores', () => {
    const values = { answers: filledIn(), consent: { version: HEALTH_CONSENT.version, fullName: ' Aroha Ngata ' } };
    const schema = healthFormSubmissionSchema(questions, consent.version);
    const parsed = schema.parse(values);
    expect(parsed.consent).toEqual({ version: HEALTH_CONSENT.version, fullName: 'Aroha Ngata' });
    expect(parsed.answers.pregnancyWeeks).toBe(30);
    expect(parsed.answers.medicationNames).toBe('Warfarin 5 mg daily');
    expect(parsed.answers.bloodThinners).toBe(true);
    // Optional questions left empty, and follow-ups that did not show, are left out.
    expect('gpName' in parsed.answers).toBe(false);
    expect('recentSurgeryDetails' in parsed.answers).toBe(false);
    expect('allergyDetails' in parsed.answers).toBe(false);
    // The page's schema and the server's are the same for the same questions.
    expect(healthSubmissionSchema.parse(values)).toEqual(parsed);
    // What the page posts is accepted again as it is.
    expect(healthSubmissionSchema.parse(parsed)).toEqual(parsed);
  });

  it('drops a follow-up whose parent was changed back, even though its field still holds text', () => {
    const answers = { ...filledIn(), recentSurgery: true, recentSurgeryDetails: 'Knee, March' };
    answers.recentSurgery = false;
    const parsed = healthSubmissionSchema.parse({ answers, consent: { version: consent.version, fullName: 'Aroha' } });
    expect('recentSurgeryDetails' in parsed.answers).toBe(false);
  });

  it('names the question in each message, under its answer', () => {
    const result = healthSubmissionSchema.safeParse({
      answers: { ...filledIn(), pregnancyWeeks: '30.5' },
      consent: { version: consent.version, fullName: '' },
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['answers.pregnancyWeeks', 'Please enter a whole number from 1 to 42: How many weeks pregnant are you?'],
      ['consent.fullName', 'Please type your full name to give consent'],
    ]);
  });
});

describe('shownQuestions', () => {
  it('asks a follow-up only while its parent’s answer holds', () => {
    const ids = (answers: HealthFormAnswers) => shownQuestions(questions, answers).map((q) => q.id);
    const empty = initialAnswers(questions);
    expect(ids(empty)).not.toContain('pregnancyWeeks');
    expect(ids(empty)).not.toContain('allergyDetails');
    expect(ids({ ...empty, pregnant: true })).toContain('pregnancyWeeks');
    expect(ids({ ...empty, pregnant: false })).not.toContain('pregnancyWeeks');
    expect(ids({ ...empty, allergies: ['nutOils'] })).not.toContain('allergyDetails');
    expect(ids({ ...empty, allergies: ['other'] })).toContain('allergyDetails');
    // In the form's order: the follow-up right after its parent.
    const withWeeks = ids({ ...empty, pregnant: true });
    expect(withWeeks.indexOf('pregnancyWeeks')).toBe(withWeeks.indexOf('pregnant') + 1);
  });
});

describe('toggleOption', () => {
  const allergies = question('allergies');

  it('keeps the options in their order', () => {
    expect(toggleOption(allergies, ['latex'], 'nutOils', true)).toEqual(['nutOils', 'latex']);
    expect(toggleOption(allergies, ['nutOils', 'latex'], 'nutOils', false)).toEqual(['latex']);
  });

  it("lets 'None of these' stand alone, and any other option replace it", () => {
    expect(toggleOption(allergies, ['nutOils', 'latex'], 'none', true)).toEqual(['none']);
    expect(toggleOption(allergies, ['none'], 'fragrance', true)).toEqual(['fragrance']);
    expect(toggleOption(allergies, ['none'], 'none', false)).toEqual([]);
  });
});

describe('firstScreen', () => {
  const previous = { consentedAt: '2025-05-01T00:00:00Z', canReconfirm: true };
  it('says a current form is up to date', () => {
    expect(firstScreen(page({ status: 'current', previous }))).toBe('current');
  });
  it("offers 'Nothing has changed' for an earlier form that still fits", () => {
    expect(firstScreen(page({ status: 'outdated', previous }))).toBe('reconfirm');
  });
  it('opens the form when there is none, or the earlier one no longer fits', () => {
    expect(firstScreen(page())).toBe('form');
    expect(firstScreen(page({ status: 'outdated', previous: { ...previous, canReconfirm: false } }))).toBe('form');
  });
});

describe('reconfirmBody', () => {
  it('is the re-confirmation the server takes', () => {
    expect(reconfirmBody(consent.version, '  Aroha Ngata ')).toEqual({
      reconfirm: true,
      consent: { version: consent.version, fullName: 'Aroha Ngata' },
    });
  });
});

describe('placeFieldErrors', () => {
  it('puts the server’s messages on the fields the page has, the rest together', () => {
    const placed = placeFieldErrors(
      [
        { path: 'answers.pregnant', message: 'Please answer: Are you pregnant?' },
        { path: 'consent.fullName', message: 'Please type your full name to give consent' },
        { path: 'answers.newQuestion', message: 'Unknown question "newQuestion": please reload the form' },
        { path: 'consent.version', message: 'This consent is out of date: please reload the form' },
      ],
      questions.map((q) => q.id),
    );
    expect(placed.fields).toEqual([
      { name: 'answers.pregnant', message: 'Please answer: Are you pregnant?' },
      { name: 'consent.fullName', message: 'Please type your full name to give consent' },
    ]);
    expect(placed.other).toEqual([
      'Unknown question "newQuestion": please reload the form',
      'This consent is out of date: please reload the form',
    ]);
  });
});

describe('loadFailure', () => {
  const apiError = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body));
  it('tells an unknown link from a booking that takes no form, and from a failure to try again', () => {
    expect(loadFailure(apiError(404, { code: 'NOT_FOUND', message: 'Not found' }))).toEqual({ kind: 'notFound' });
    expect(loadFailure(apiError(409, { code: 'CONFLICT', message: 'This booking was cancelled' }))).toEqual({
      kind: 'closed',
      message: 'This booking was cancelled',
    });
    expect(loadFailure(apiError(500, { code: 'INTERNAL', message: 'Oops' }))).toEqual({ kind: 'failed' });
    expect(loadFailure(new TypeError('Failed to fetch'))).toEqual({ kind: 'failed' });
  });
});

describe('visit words (Auckland, whatever the browser’s zone)', () => {
  it('names the visit and the earlier form’s date', () => {
    expect(visitWhen({ date: '2026-12-02', time: '10:00' })).toBe('Wednesday, December 2, 2026 at 10:00 AM');
    // 1 Dec 2026 21:00 UTC is 2 Dec in Auckland.
    expect(formDate('2026-12-01T21:00:00Z')).toBe('December 2, 2026');
    expect(formDate(null)).toBeNull();
    expect(formDate('not a date')).toBeNull();
  });
});

describe("the booking answer's healthForm", () => {
  it('takes the statuses of the health form page', () => {
    expect(bookingSchema.shape.healthForm.unwrap().unwrap().options).toEqual([...HEALTH_FORM_STATUSES]);
  });
});
