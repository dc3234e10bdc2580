import { describe, expect, it } from 'vitest';
import { LIMITS } from './constants';
import {
  HEALTH_CONSENT,
  HEALTH_FLAG_ORDER,
  HEALTH_QUESTIONS,
  canReconfirm,
  healthAnswersSchema,
  healthFlags,
  healthFormSchema,
  healthFormSubmissionSchema,
  healthSubmissionSchema,
  healthSummary,
  type HealthAnswers,
  type HealthQuestion,
} from './health-form';
import { healthFlagsText } from './health-flags';

/** Every required question answered 'no' or plainly: nothing to flag. */
const plain = (): Record<string, unknown> => ({
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
  emergencyContactName: 'Aroha Smith',
  emergencyContactPhone: '021 123 4567',
});

const consent = { version: HEALTH_CONSENT.version, fullName: 'Mere Smith' };

/** The issue's example: 30 weeks pregnant and on warfarin. */
const pregnantOnWarfarin = () => ({
  ...plain(),
  pregnant: true,
  pregnancyWeeks: 30,
  takingMedication: true,
  medicationNames: 'Warfarin 5 mg',
  bloodThinners: true,
});

function messages(input: unknown): string[] {
  const result = healthSubmissionSchema.safeParse(input);
  expect(result.success).toBe(false);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function issues(answers: Record<string, unknown>) {
  const result = healthSubmissionSchema.safeParse({ answers, consent });
  expect(result.success).toBe(false);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

function parse(answers: Record<string, unknown>): HealthAnswers {
  return healthSubmissionSchema.parse({ answers, consent }).answers;
}

describe('the health form definition', () => {
  it('has unique ids, and every follow-up comes after the question it depends on', () => {
    const ids = HEALTH_QUESTIONS.map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
    HEALTH_QUESTIONS.forEach((q, index) => {
      expect(q.id).toMatch(/^[a-z][a-zA-Z]*$/);
      if (q.showIf) expect(ids.indexOf(q.showIf.question)).toBeGreaterThanOrEqual(0);
      if (q.showIf) expect(ids.indexOf(q.showIf.question)).toBeLessThan(index);
    });
  });

  it('gives choice and multi questions options with unique values, numbers a range, nothing else options', () => {
    for (const q of HEALTH_QUESTIONS) {
      if (q.kind === 'choice' || q.kind === 'multi') {
        const values = q.options!.map((o) => o.value);
        expect(values.length).toBeGreaterThan(1);
        expect(new Set(values).size).toBe(values.length);
      } else {
        expect(q.options).toBeUndefined();
      }
      if (q.kind === 'number') expect(q.min! < q.max!).toBe(true);
    }
    expect(HEALTH_QUESTIONS.find((q) => q.id === 'pregnancyWeeks')).toMatchObject({ min: 1, max: 42 });
  });

  it('asks about each of the usual contraindications, medication, allergies, pressure, GP and an emergency contact', () => {
    const ids = HEALTH_QUESTIONS.map((q) => q.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'recentSurgery',
        'recentInjury',
        'bloodClots',
        'heartCondition',
        'bloodPressure',
        'diabetes',
        'epilepsy',
        'cancerTreatment',
        'skinCondition',
        'infectiousIllness',
        'pregnant',
        'pregnancyWeeks',
        'takingMedication',
        'medicationNames',
        'bloodThinners',
        'allergies',
        'areasToAvoid',
        'pressure',
        'gpName',
        'emergencyContactName',
        'emergencyContactPhone',
      ]),
    );
    expect(HEALTH_QUESTIONS.find((q) => q.id === 'gpName')!.required).toBe(false);
  });

  it('lists in HEALTH_FLAG_ORDER every question that can raise a flag', () => {
    const flagging = HEALTH_QUESTIONS.filter((q) => q.flag || q.options?.some((o) => o.flag)).map((q) => q.id);
    expect([...HEALTH_FLAG_ORDER].sort()).toEqual(flagging.sort());
  });

  it('describes itself in the GET answer shape', () => {
    const form = healthFormSchema.parse({ questions: HEALTH_QUESTIONS, consent: HEALTH_CONSENT });
    expect(form.questions).toHaveLength(HEALTH_QUESTIONS.length);
    expect(form.questions.find((q) => q.id === 'pregnancyWeeks')).toEqual({
      id: 'pregnancyWeeks',
      label: 'How many weeks pregnant are you?',
      kind: 'number',
      required: true,
      min: 1,
      max: 42,
      unit: 'weeks',
      showIf: { question: 'pregnant', equals: true },
    });
    // Her red-flag phrases are not part of what the client's page is sent.
    expect(JSON.stringify(form)).not.toContain('"flag"');
  });

  it('has a consent text naming what the answers are for, medical care, changes and the Privacy Act', () => {
    expect(HEALTH_CONSENT.version).toBe('2026-11-1');
    expect(HEALTH_CONSENT.text).toContain('not a substitute for medical care');
    expect(HEALTH_CONSENT.text).toContain('if my health, my medication or my pregnancy changes');
    expect(HEALTH_CONSENT.text).toContain('Privacy Act 2020');
    expect(HEALTH_CONSENT.text).toMatch(/see my answers, to correct them,\s+or to erase this form/);
  });
});

describe('healthSubmissionSchema', () => {
  it('accepts a full valid form, trimming text and leaving out empty optional answers', () => {
    const parsed = healthSubmissionSchema.parse({
      answers: {
        ...pregnantOnWarfarin(),
        recentInjury: true,
        recentInjuryDetails: '  Sprained left ankle, August  ',
        allergies: ['latex', 'other'],
        allergyDetails: 'Lanolin: itchy rash',
        areasToAvoid: '',
        gpName: '   ',
        pressure: 'firm',
      },
      consent: { version: HEALTH_CONSENT.version, fullName: '  Mere Smith ' },
    });
    expect(parsed.consent).toEqual({ version: '2026-11-1', fullName: 'Mere Smith' });
    expect(parsed.answers).toEqual({
      ...pregnantOnWarfarin(),
      recentInjury: true,
      recentInjuryDetails: 'Sprained left ankle, August',
      allergies: ['latex', 'other'],
      allergyDetails: 'Lanolin: itchy rash',
      pressure: 'firm',
    });
    expect(parsed.answers).not.toHaveProperty('areasToAvoid');
    expect(parsed.answers).not.toHaveProperty('gpName');
  });

  it('refuses a missing required answer, naming the question', () => {
    const { pregnant: _pregnant, ...answers } = plain();
    expect(issues(answers)).toEqual([{ path: 'answers.pregnant', message: 'Please answer: Are you pregnant?' }]);
    expect(issues({ ...plain(), pressure: null })).toEqual([
      { path: 'answers.pressure', message: 'Please answer: What pressure do you like?' },
    ]);
    expect(issues({ ...plain(), emergencyContactName: '   ' })).toEqual([
      { path: 'answers.emergencyContactName', message: 'Please answer: Emergency contact: their name' },
    ]);
    // A required multi needs a tick, even if it is 'None of these'.
    expect(issues({ ...plain(), allergies: [] })).toEqual([
      { path: 'answers.allergies', message: 'Please answer: Are you allergic or sensitive to any of these?' },
    ]);
  });

  it('lists every missing answer of an empty form, in the form order', () => {
    const found = issues({});
    const required = HEALTH_QUESTIONS.filter((q) => q.required && !q.showIf);
    expect(found.map((i) => i.message)).toEqual(required.map((q) => `Please answer: ${q.label}`));
  });

  it('requires a follow-up only while it shows, and drops one that does not', () => {
    expect(issues({ ...plain(), pregnant: true })).toEqual([
      { path: 'answers.pregnancyWeeks', message: 'Please answer: How many weeks pregnant are you?' },
    ]);
    expect(issues({ ...plain(), takingMedication: true })).toEqual([
      { path: 'answers.medicationNames', message: 'Please answer: Which medications do you take?' },
    ]);
    expect(issues({ ...plain(), allergies: ['massageOils'] })).toEqual([
      {
        path: 'answers.allergyDetails',
        message: 'Please answer: What are you allergic or sensitive to, and what happens?',
      },
    ]);
    // Not pregnant: weeks are neither asked for nor kept (the page may still hold an old value).
    const answers = parse({ ...plain(), pregnancyWeeks: 30, medicationNames: 'Warfarin', allergyDetails: 'x' });
    expect(answers).not.toHaveProperty('pregnancyWeeks');
    expect(answers).not.toHaveProperty('medicationNames');
    expect(answers).not.toHaveProperty('allergyDetails');
    // An optional follow-up may stay empty.
    expect(parse({ ...plain(), heartCondition: true })).toMatchObject({ heartCondition: true });
  });

  it('refuses answers to questions the form does not have', () => {
    expect(issues({ ...plain(), smoker: true })).toEqual([
      { path: 'answers.smoker', message: 'Unknown question "smoker": please reload the form' },
    ]);
  });

  it('refuses text that is too long or too short', () => {
    const long = 'a'.repeat(LIMITS.healthTextMax + 1);
    expect(issues({ ...plain(), areasToAvoid: long })).toEqual([
      {
        path: 'answers.areasToAvoid',
        message: 'Please keep to 500 characters: Are there any areas of your body the therapist should avoid?',
      },
    ]);
    expect(parse({ ...plain(), areasToAvoid: 'a'.repeat(LIMITS.healthTextMax) }).areasToAvoid).toHaveLength(500);
    expect(issues({ ...plain(), gpName: 'a'.repeat(LIMITS.nameMax + 1) })).toEqual([
      { path: 'answers.gpName', message: 'Please keep to 100 characters: Your GP (doctor) and their practice' },
    ]);
    expect(issues({ ...plain(), emergencyContactPhone: '021' })).toEqual([
      {
        path: 'answers.emergencyContactPhone',
        message: 'Please give a fuller answer: Emergency contact: their phone number',
      },
    ]);
  });

  it('refuses numbers out of range or not whole, and reads a string of digits as the number', () => {
    const bad = 'Please enter a whole number from 1 to 42: How many weeks pregnant are you?';
    for (const weeks of [0, 43, 20.5, -3, 'thirty', '30 weeks', Number.NaN, true]) {
      expect(issues({ ...plain(), pregnant: true, pregnancyWeeks: weeks })).toEqual([
        { path: 'answers.pregnancyWeeks', message: bad },
      ]);
    }
    expect(parse({ ...plain(), pregnant: true, pregnancyWeeks: ' 30 ' }).pregnancyWeeks).toBe(30);
    expect(parse({ ...plain(), pregnant: true, pregnancyWeeks: 42 }).pregnancyWeeks).toBe(42);
  });

  it('refuses a value of the wrong kind or outside the options', () => {
    expect(issues({ ...plain(), diabetes: 'yes' })).toEqual([
      { path: 'answers.diabetes', message: 'Please answer yes or no: Do you have diabetes?' },
    ]);
    expect(issues({ ...plain(), pressure: 'extra firm' })).toEqual([
      { path: 'answers.pressure', message: 'Please choose an answer: What pressure do you like?' },
    ]);
    expect(issues({ ...plain(), allergies: ['peanuts'] })).toEqual([
      {
        path: 'answers.allergies',
        message: 'Please choose from the list: Are you allergic or sensitive to any of these?',
      },
    ]);
    expect(issues({ ...plain(), allergies: 'latex' })).toEqual([
      {
        path: 'answers.allergies',
        message: 'Please choose from the list: Are you allergic or sensitive to any of these?',
      },
    ]);
    expect(issues({ ...plain(), allergies: ['none', 'latex'] })).toEqual([
      {
        path: 'answers.allergies',
        message:
          'Please choose "None of these" or the others, not both: Are you allergic or sensitive to any of these?',
      },
    ]);
  });

  it('keeps multi answers once each, in the order of the options', () => {
    expect(parse({ ...plain(), allergies: ['latex', 'nutOils', 'latex'] }).allergies).toEqual(['nutOils', 'latex']);
  });

  it('never repeats an answer in a message', () => {
    const secret = 'Secret diagnosis '.repeat(40);
    const found = messages({
      answers: { ...plain(), recentSurgery: true, recentSurgeryDetails: secret, diabetes: 'HIV positive' },
      consent,
    });
    expect(found).toHaveLength(2);
    for (const message of found) {
      expect(message).not.toContain('Secret');
      expect(message).not.toContain('HIV');
    }
  });

  it('refuses a form without consent, without a name, or with an old consent version', () => {
    expect(messages({ answers: plain() })).toEqual(['Please type your full name to give consent']);
    expect(messages({ answers: plain(), consent: { version: HEALTH_CONSENT.version } })).toEqual([
      'Please type your full name to give consent',
    ]);
    expect(messages({ answers: plain(), consent: { version: HEALTH_CONSENT.version, fullName: ' M ' } })).toEqual([
      'Please type your full name to give consent',
    ]);
    expect(
      messages({ answers: plain(), consent: { version: HEALTH_CONSENT.version, fullName: 'M'.repeat(101) } }),
    ).toEqual(['Your full name must be at most 100 characters']);
    expect(messages({ answers: plain(), consent: { version: '2025-01-1', fullName: 'Mere Smith' } })).toEqual([
      'This consent is out of date: please reload the form',
    ]);
    expect(messages({ answers: plain(), consent: { fullName: 'Mere Smith' } })).toEqual([
      'This consent is out of date: please reload the form',
    ]);
  });

  it('refuses a body without answers', () => {
    expect(messages({ consent })).toEqual(['Please answer the health questions']);
    expect(messages(null)).toEqual(['Please answer the health questions']);
  });

  it('is built from the definition it is given', () => {
    const questions: HealthQuestion[] = [
      { id: 'smoker', label: 'Do you smoke?', kind: 'boolean', required: true },
      {
        id: 'perDay',
        label: 'How many a day?',
        kind: 'number',
        required: true,
        min: 1,
        max: 60,
        showIf: { question: 'smoker', equals: true },
      },
    ];
    const schema = healthFormSubmissionSchema(questions, 'v2');
    expect(
      schema.parse({ answers: { smoker: true, perDay: 5 }, consent: { version: 'v2', fullName: 'Ann Lee' } }),
    ).toEqual({
      answers: { smoker: true, perDay: 5 },
      consent: { version: 'v2', fullName: 'Ann Lee' },
    });
    expect(healthAnswersSchema(questions).safeParse({ smoker: true }).error?.issues[0]?.message).toBe(
      'Please answer: How many a day?',
    );
    expect(healthAnswersSchema(questions).safeParse({ smoker: false, pregnant: false }).error?.issues[0]?.message).toBe(
      'Unknown question "pregnant": please reload the form',
    );
  });
});

describe('canReconfirm', () => {
  it('allows "nothing has changed" while the earlier answers still make a valid form', () => {
    expect(canReconfirm(parse(pregnantOnWarfarin()))).toBe(true);
    const { emergencyContactPhone: _phone, ...missingNewQuestion } = plain();
    expect(canReconfirm(missingNewQuestion)).toBe(false);
    expect(canReconfirm({ ...plain(), retiredQuestion: true })).toBe(false);
  });
});

describe('healthFlags', () => {
  it("gives the issue's example: blood thinners, 30 weeks pregnant", () => {
    const flags = healthFlags(parse(pregnantOnWarfarin()));
    expect(flags).toEqual(['blood thinners', '30 weeks pregnant']);
    expect(healthFlagsText(flags)).toBe('Health: blood thinners, 30 weeks pregnant');
  });

  it('flags a blood thinner named under medication even when the blood-thinner question says no', () => {
    const answers = parse({ ...plain(), takingMedication: true, medicationNames: 'metformin, ELIQUIS 5mg' });
    expect(answers.bloodThinners).toBe(false);
    expect(healthFlags(answers)).toEqual(['blood thinners']);
    expect(healthFlags(parse({ ...plain(), takingMedication: true, medicationNames: 'Aspirin now and then' }))).toEqual(
      [],
    );
  });

  it('lists every flag in the fixed order, whatever order the answers came in', () => {
    const answers = parse({
      allergies: ['latex', 'nutOils', 'fragrance', 'massageOils', 'other'],
      allergyDetails: 'Coconut oil',
      infectiousIllness: true,
      skinCondition: true,
      skinConditionDetails: 'Eczema on my hands',
      cancerTreatment: true,
      epilepsy: true,
      diabetes: true,
      bloodPressure: 'high',
      heartCondition: true,
      bloodClots: true,
      recentInjury: true,
      recentInjuryDetails: 'Whiplash in March',
      recentSurgery: true,
      recentSurgeryDetails: 'Knee replacement in May',
      pregnant: true,
      pregnancyWeeks: 1,
      takingMedication: false,
      bloodThinners: true,
      pressure: 'light',
      emergencyContactName: 'Aroha Smith',
      emergencyContactPhone: '021 123 4567',
    });
    expect(healthFlags(answers)).toEqual([
      'blood thinners',
      '1 week pregnant',
      'recent surgery',
      'recent injury',
      'blood clots / DVT',
      'heart condition',
      'high blood pressure',
      'diabetes',
      'epilepsy',
      'cancer treatment',
      'skin condition',
      'infectious illness',
      'allergic to nut oils',
      'allergic to massage oils',
      'allergic to fragrances',
      'allergic to latex',
      'other allergy',
    ]);
    expect(healthFlags(parse({ ...plain(), bloodPressure: 'low' }))).toEqual(['low blood pressure']);
  });

  it('gives nothing for a form with no red flags, and an empty text', () => {
    const flags = healthFlags(parse({ ...plain(), bloodPressure: 'unsure', pressure: 'firm', gpName: 'Dr Ngata' }));
    expect(flags).toEqual([]);
    expect(healthFlagsText(flags)).toBe('');
  });

  it('ignores a stored follow-up whose question no longer shows', () => {
    expect(healthFlags({ ...parse(plain()), pregnancyWeeks: 30, medicationNames: 'warfarin' })).toEqual([]);
  });
});

describe('healthSummary', () => {
  it('gives readable answers in the form order, leaving out unanswered and hidden questions', () => {
    const answers = parse({
      ...pregnantOnWarfarin(),
      allergies: ['nutOils', 'latex'],
      gpName: 'Dr Ngata, Kerikeri Medical',
      pressure: 'unsure',
    });
    const summary = healthSummary(HEALTH_QUESTIONS, { ...answers, recentSurgeryDetails: 'left over' });
    expect(summary.map((line) => [line.label, line.answer])).toEqual([
      ['Have you had surgery in the last 6 months?', 'No'],
      ['Have you had an injury in the last 3 months?', 'No'],
      ['Have you ever had a blood clot or deep vein thrombosis (DVT)?', 'No'],
      ['Do you have a heart condition?', 'No'],
      ['How is your blood pressure?', 'Normal'],
      ['Do you have diabetes?', 'No'],
      ['Do you have epilepsy or seizures?', 'No'],
      ['Are you having treatment for cancer, or have you had it in the last 12 months?', 'No'],
      ['Do you have a skin condition, a rash, an open wound or bad bruising?', 'No'],
      ['Are you unwell with anything catching?', 'No'],
      ['Are you pregnant?', 'Yes'],
      ['How many weeks pregnant are you?', '30 weeks'],
      ['Are you taking any medication?', 'Yes'],
      ['Which medications do you take?', 'Warfarin 5 mg'],
      ['Do you take a blood thinner?', 'Yes'],
      ['Are you allergic or sensitive to any of these?', 'Nut oils (for example almond or macadamia), Latex'],
      ['What pressure do you like?', 'Not sure: let the therapist suggest'],
      ['Your GP (doctor) and their practice', 'Dr Ngata, Kerikeri Medical'],
      ['Emergency contact: their name', 'Aroha Smith'],
      ['Emergency contact: their phone number', '021 123 4567'],
    ]);
    expect(summary[11]).toEqual({
      id: 'pregnancyWeeks',
      label: 'How many weeks pregnant are you?',
      answer: '30 weeks',
    });
  });
});
