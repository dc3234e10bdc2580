/**
 * The health form (docs/product.md §13) as data: the questions a client answers before the first visit, the
 * consent they give, the one zod schema the page and the server validate them with, and what her
 * screens show of the answers (red flags, a readable summary). docs/product.md §13 is the rule;
 * the reference is Massage New Zealand's practice standards (client history and informed consent).
 *
 * Nothing here may put an answer into a message: validation messages name the question, never
 * the value, so a refused form cannot leak health details into a log.
 */
import { z } from 'zod';
import { multiLine, singleLine } from './schemas/text';
import { LIMITS } from './constants';

export const HEALTH_QUESTION_KINDS = ['boolean', 'text', 'number', 'choice', 'multi'] as const;
export type HealthQuestionKind = (typeof HEALTH_QUESTION_KINDS)[number];

export interface HealthOption {
  /** Stable: stored in the answers. */
  readonly value: string;
  readonly label: string;
  /** The red-flag phrase her screens show when this option is chosen. */
  readonly flag?: string;
  /** 'None of these': cannot be chosen together with another option. */
  readonly exclusive?: boolean;
}

/** A follow-up shows (and counts) only while its parent's answer holds. The parent comes first. */
export type HealthShowIf =
  | { readonly question: string; readonly equals: boolean | string }
  | { readonly question: string; readonly includesAny: readonly string[] };

export interface HealthQuestion {
  /** Stable, camelCase: stored in the answers. */
  readonly id: string;
  readonly label: string;
  readonly kind: HealthQuestionKind;
  /** Must be answered whenever the question shows. */
  readonly required: boolean;
  /** A line of help under the label. */
  readonly hint?: string;
  /** choice and multi. */
  readonly options?: readonly HealthOption[];
  readonly showIf?: HealthShowIf;
  /** number: whole numbers from min to max, shown with the unit ('30 weeks'). */
  readonly min?: number;
  readonly max?: number;
  readonly unit?: string;
  /** text: the answer's length after trimming (maxLength defaults to LIMITS.healthTextMax). */
  readonly minLength?: number;
  readonly maxLength?: number;
  /** boolean: the red-flag phrase her screens show for 'yes'. */
  readonly flag?: string;
}

/** Shown when the parent yes/no question was answered yes. */
const ifYes = (question: string): HealthShowIf => ({ question, equals: true });

/**
 * The questions, in the order the form asks them. Ids and option values are stored with every
 * form: never rename one; add a new question instead (a form missing a new required question can
 * no longer be re-confirmed, which is the point).
 */
export const HEALTH_QUESTIONS: readonly HealthQuestion[] = [
  // Conditions with the usual contraindications.
  {
    id: 'recentSurgery',
    label: 'Have you had surgery in the last 6 months?',
    kind: 'boolean',
    required: true,
    flag: 'recent surgery',
  },
  {
    id: 'recentSurgeryDetails',
    label: 'What surgery was it, and when?',
    kind: 'text',
    required: true,
    showIf: ifYes('recentSurgery'),
  },
  {
    id: 'recentInjury',
    label: 'Have you had an injury in the last 3 months?',
    hint: 'For example a sprain, a broken bone, whiplash or a bad fall.',
    kind: 'boolean',
    required: true,
    flag: 'recent injury',
  },
  {
    id: 'recentInjuryDetails',
    label: 'What was the injury, where, and when?',
    kind: 'text',
    required: true,
    showIf: ifYes('recentInjury'),
  },
  {
    id: 'bloodClots',
    label: 'Have you ever had a blood clot or deep vein thrombosis (DVT)?',
    kind: 'boolean',
    required: true,
    flag: 'blood clots / DVT',
  },
  {
    id: 'heartCondition',
    label: 'Do you have a heart condition?',
    hint: 'For example angina, heart failure, a pacemaker or an irregular heartbeat.',
    kind: 'boolean',
    required: true,
    flag: 'heart condition',
  },
  {
    id: 'heartConditionDetails',
    label: 'Tell us about your heart condition',
    kind: 'text',
    required: false,
    showIf: ifYes('heartCondition'),
  },
  {
    id: 'bloodPressure',
    label: 'How is your blood pressure?',
    kind: 'choice',
    required: true,
    options: [
      { value: 'normal', label: 'Normal' },
      { value: 'high', label: 'High (even if medication keeps it under control)', flag: 'high blood pressure' },
      { value: 'low', label: 'Low', flag: 'low blood pressure' },
      { value: 'unsure', label: "I don't know" },
    ],
  },
  { id: 'diabetes', label: 'Do you have diabetes?', kind: 'boolean', required: true, flag: 'diabetes' },
  { id: 'epilepsy', label: 'Do you have epilepsy or seizures?', kind: 'boolean', required: true, flag: 'epilepsy' },
  {
    id: 'cancerTreatment',
    label: 'Are you having treatment for cancer, or have you had it in the last 12 months?',
    kind: 'boolean',
    required: true,
    flag: 'cancer treatment',
  },
  {
    id: 'cancerTreatmentDetails',
    label: 'Tell us about your treatment',
    hint: 'For example what kind of treatment, and when it finished or is next.',
    kind: 'text',
    required: false,
    showIf: ifYes('cancerTreatment'),
  },
  {
    id: 'skinCondition',
    label: 'Do you have a skin condition, a rash, an open wound or bad bruising?',
    kind: 'boolean',
    required: true,
    flag: 'skin condition',
  },
  {
    id: 'skinConditionDetails',
    label: 'What is it, and where on your body?',
    kind: 'text',
    required: true,
    showIf: ifYes('skinCondition'),
  },
  {
    id: 'infectiousIllness',
    label: 'Are you unwell with anything catching?',
    hint: 'For example a cold, the flu, COVID-19, a tummy bug or a skin infection.',
    kind: 'boolean',
    required: true,
    flag: 'infectious illness',
  },
  { id: 'pregnant', label: 'Are you pregnant?', kind: 'boolean', required: true, flag: 'pregnant' },
  {
    id: 'pregnancyWeeks',
    label: 'How many weeks pregnant are you?',
    kind: 'number',
    required: true,
    min: 1,
    max: 42,
    unit: 'weeks',
    showIf: ifYes('pregnant'),
  },
  {
    id: 'otherConditions',
    label: 'Any other health condition the therapist should know about?',
    hint: 'For example arthritis, osteoporosis, varicose veins, migraines or a recent illness.',
    kind: 'text',
    required: false,
  },
  // Medication.
  {
    id: 'takingMedication',
    label: 'Are you taking any medication?',
    hint: 'Include medicines from the pharmacy and natural remedies.',
    kind: 'boolean',
    required: true,
  },
  {
    id: 'medicationNames',
    label: 'Which medications do you take?',
    kind: 'text',
    required: true,
    showIf: ifYes('takingMedication'),
  },
  {
    id: 'bloodThinners',
    label: 'Do you take a blood thinner?',
    hint: 'For example warfarin, dabigatran (Pradaxa), rivaroxaban (Xarelto), apixaban (Eliquis), clopidogrel or a daily aspirin.',
    kind: 'boolean',
    required: true,
    flag: 'blood thinners',
  },
  // Allergies.
  {
    id: 'allergies',
    label: 'Are you allergic or sensitive to any of these?',
    kind: 'multi',
    required: true,
    options: [
      { value: 'nutOils', label: 'Nut oils (for example almond or macadamia)', flag: 'allergic to nut oils' },
      { value: 'massageOils', label: 'Other massage oils, creams or lotions', flag: 'allergic to massage oils' },
      { value: 'fragrance', label: 'Fragrances or essential oils', flag: 'allergic to fragrances' },
      { value: 'latex', label: 'Latex', flag: 'allergic to latex' },
      { value: 'other', label: 'Something else', flag: 'other allergy' },
      { value: 'none', label: 'None of these', exclusive: true },
    ],
  },
  {
    id: 'allergyDetails',
    label: 'What are you allergic or sensitive to, and what happens?',
    kind: 'text',
    required: true,
    showIf: { question: 'allergies', includesAny: ['massageOils', 'other'] },
  },
  // The massage itself.
  {
    id: 'areasToAvoid',
    label: 'Are there any areas of your body the therapist should avoid?',
    hint: 'For example your feet, your face, a new tattoo or a sore spot.',
    kind: 'text',
    required: false,
  },
  {
    id: 'pressure',
    label: 'What pressure do you like?',
    kind: 'choice',
    required: true,
    options: [
      { value: 'light', label: 'Light' },
      { value: 'medium', label: 'Medium' },
      { value: 'firm', label: 'Firm' },
      { value: 'unsure', label: 'Not sure: let the therapist suggest' },
    ],
  },
  // Contacts.
  {
    id: 'gpName',
    label: 'Your GP (doctor) and their practice',
    kind: 'text',
    required: false,
    maxLength: LIMITS.nameMax,
  },
  {
    id: 'emergencyContactName',
    label: 'Emergency contact: their name',
    kind: 'text',
    required: true,
    maxLength: LIMITS.nameMax,
  },
  {
    id: 'emergencyContactPhone',
    label: 'Emergency contact: their phone number',
    kind: 'text',
    required: true,
    minLength: 7,
    maxLength: LIMITS.phoneMax,
  },
];

/**
 * The consent the client gives by typing their full name. A new wording gets a new version: a
 * form posted with an older version is refused, and the client reloads to read the new words.
 */
export const HEALTH_CONSENT = {
  version: '2026-11-1',
  text: [
    'I have answered these questions truthfully and as fully as I can.',
    'The therapist will use my answers to decide whether massage is safe for me and how to adapt it,',
    'and to call my emergency contact if I am taken ill during a visit;',
    'she may change or decline a treatment when it would not be safe.',
    'I understand that massage is not a substitute for medical care: the therapist does not diagnose,',
    'and I will see my doctor about any medical concern.',
    'I will tell the therapist before a visit if my health, my medication or my pregnancy changes.',
    'My answers are private: only the therapist can see them, and they are never sent by e-mail.',
    'Under the Privacy Act 2020 I can ask her at any time to see my answers, to correct them,',
    'or to erase this form.',
  ].join(' '),
} as const;

export type HealthAnswerValue = boolean | number | string | string[];
/** Answers by question id: only the questions answered and shown, each in its kind's type. */
export type HealthAnswers = Record<string, HealthAnswerValue>;

const textMax = (q: HealthQuestion) => q.maxLength ?? LIMITS.healthTextMax;

/** Whether the question shows, given the answers so far (a follow-up of a hidden question is hidden). */
export function isQuestionShown(
  question: HealthQuestion,
  answers: Readonly<Record<string, unknown>>,
  questions: readonly HealthQuestion[] = HEALTH_QUESTIONS,
): boolean {
  const rule = question.showIf;
  if (!rule) return true;
  const parent = questions.find((q) => q.id === rule.question);
  if (!parent || !isQuestionShown(parent, answers, questions)) return false;
  const value = answers[rule.question];
  if ('equals' in rule) return value === rule.equals;
  return Array.isArray(value) && value.some((v) => rule.includesAny.includes(v as string));
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** One answer that was given, checked by its question's kind. */
function answerSchema(q: HealthQuestion): z.ZodType<HealthAnswerValue> {
  const values = (q.options ?? []).map((o) => o.value);
  switch (q.kind) {
    case 'boolean':
      return z.boolean({ error: `Please answer yes or no: ${q.label}` });
    case 'text':
      return z
        .string({ error: `Please answer: ${q.label}` })
        .trim()
        .min(q.minLength ?? 1, `Please give a fuller answer: ${q.label}`)
        .max(textMax(q), `Please keep to ${textMax(q)} characters: ${q.label}`)
        .refine(...multiLine);
    case 'number': {
      const message = `Please enter a whole number from ${q.min} to ${q.max}: ${q.label}`;
      // A form field may send '30': a string of digits is read as the number.
      return z.preprocess(
        (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
        z
          .number({ error: message })
          .int(message)
          .min(q.min ?? 0, message)
          .max(q.max ?? Number.MAX_SAFE_INTEGER, message),
      );
    }
    case 'choice':
      return z.string({ error: `Please choose an answer: ${q.label}` }).refine((v) => values.includes(v), {
        message: `Please choose an answer: ${q.label}`,
      });
    case 'multi': {
      const exclusive = (q.options ?? []).filter((o) => o.exclusive).map((o) => o.value);
      return z
        .array(z.string(), { error: `Please choose from the list: ${q.label}` })
        .refine((vs) => vs.every((v) => values.includes(v)), `Please choose from the list: ${q.label}`)
        .refine(
          (vs) => !vs.some((v) => exclusive.includes(v)) || new Set(vs).size === 1,
          `Please choose "None of these" or the others, not both: ${q.label}`,
        )
        .transform((vs) => values.filter((v) => vs.includes(v)));
    }
  }
}

/**
 * The answers to a form, validated by the definition: each shown question by its kind, required
 * ones present, hidden follow-ups dropped, unknown ids refused, text trimmed. An optional question
 * left empty is left out. Every issue's path is the question's id.
 */
export function healthAnswersSchema(questions: readonly HealthQuestion[] = HEALTH_QUESTIONS) {
  const ids = new Set(questions.map((q) => q.id));
  const schemas = new Map(questions.map((q) => [q.id, answerSchema(q)]));
  return z
    .record(z.string(), z.unknown(), { error: 'Please answer the health questions' })
    .transform((input, ctx): HealthAnswers => {
      const answers: HealthAnswers = {};
      for (const id of Object.keys(input).filter((key) => !ids.has(key))) {
        ctx.issues.push({
          code: 'custom',
          path: [id],
          message: `Unknown question "${id.slice(0, 40)}": please reload the form`,
          input: undefined,
        });
      }
      // Questions come before their follow-ups, so a parent is parsed before a child is checked.
      for (const q of questions) {
        if (!isQuestionShown(q, answers, questions)) continue;
        const raw = input[q.id];
        if (isEmpty(raw)) {
          if (q.required)
            ctx.issues.push({ code: 'custom', path: [q.id], message: `Please answer: ${q.label}`, input: undefined });
          continue;
        }
        const result = schemas.get(q.id)!.safeParse(raw);
        if (result.success) answers[q.id] = result.data;
        else
          ctx.issues.push({ code: 'custom', path: [q.id], message: result.error.issues[0]!.message, input: undefined });
      }
      return answers;
    });
}

export const HEALTH_CONSENT_NAME_MESSAGE = 'Please type your full name to give consent';
export const HEALTH_CONSENT_OUTDATED_MESSAGE = 'This consent is out of date: please reload the form';

/** The consent part of a submission: the version read and the full name typed (the server adds the time). */
export function healthConsentInputSchema(version: string = HEALTH_CONSENT.version) {
  return z.object(
    {
      version: z.string({ error: HEALTH_CONSENT_OUTDATED_MESSAGE }).refine((v) => v === version, {
        message: HEALTH_CONSENT_OUTDATED_MESSAGE,
      }),
      fullName: z
        .string({ error: HEALTH_CONSENT_NAME_MESSAGE })
        .trim()
        .min(LIMITS.consentNameMin, HEALTH_CONSENT_NAME_MESSAGE)
        .max(LIMITS.nameMax, `Your full name must be at most ${LIMITS.nameMax} characters`)
        .refine(...singleLine),
    },
    { error: HEALTH_CONSENT_NAME_MESSAGE },
  );
}

/** POST /api/bookings/token/{token}/health-form: { answers, consent: { version, fullName } }. */
export function healthFormSubmissionSchema(
  questions: readonly HealthQuestion[] = HEALTH_QUESTIONS,
  consentVersion: string = HEALTH_CONSENT.version,
) {
  return z.object(
    { answers: healthAnswersSchema(questions), consent: healthConsentInputSchema(consentVersion) },
    { error: 'Please answer the health questions' },
  );
}

/** The current form's submission schema: what the page and the server both parse with. */
export const healthSubmissionSchema = healthFormSubmissionSchema();
export type HealthSubmissionInput = z.input<typeof healthSubmissionSchema>;
export type HealthSubmission = z.output<typeof healthSubmissionSchema>;

/**
 * 'Nothing has changed': an earlier form's answers can be confirmed again in one step only while
 * they still make a valid form under the current questions (a new required question means filling
 * it in again). The re-confirmed form is a new form with the same answers and a new consent.
 */
export function canReconfirm(
  previousAnswers: Readonly<Record<string, unknown>>,
  questions: readonly HealthQuestion[] = HEALTH_QUESTIONS,
): boolean {
  return healthAnswersSchema(questions).safeParse(previousAnswers).success;
}

/** A question as GET /api/bookings/token/{token}/health-form describes it (the red-flag phrases stay hers). */
export const healthQuestionSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(HEALTH_QUESTION_KINDS),
  required: z.boolean(),
  hint: z.string().optional(),
  options: z.array(z.object({ value: z.string(), label: z.string(), exclusive: z.boolean().optional() })).optional(),
  showIf: z
    .union([
      z.object({ question: z.string(), equals: z.union([z.boolean(), z.string()]) }),
      z.object({ question: z.string(), includesAny: z.array(z.string()) }),
    ])
    .optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  unit: z.string().optional(),
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
});

export const healthAnswerValueSchema = z.union([z.boolean(), z.number(), z.string(), z.array(z.string())]);

/** GET /api/bookings/token/{token}/health-form */
export const healthFormSchema = z.object({
  questions: z.array(healthQuestionSchema),
  consent: z.object({ version: z.string(), text: z.string() }),
  /**
   * The client's latest earlier form, to re-confirm ('nothing has changed'). Never its answers: the
   * link goes to whoever made the booking, and a booking lands on a client by their e-mail or phone, so
   * anyone who typed those could otherwise read that person's health answers.
   */
  previous: z
    .object({
      /** ISO instant the earlier consent was given. */
      consentedAt: z.string(),
      /** canReconfirm() of the answers. */
      canReconfirm: z.boolean(),
    })
    .optional(),
});
export type HealthForm = z.infer<typeof healthFormSchema>;

/**
 * Blood thinners a client may name under medication without answering yes to the blood-thinner
 * question: any of these (as a word) raises the flag too. Aspirin is left out: it is often taken
 * now and then for a headache, and the question itself asks about a daily aspirin.
 */
export const BLOOD_THINNER_NAMES = [
  'warfarin',
  'marevan',
  'coumadin',
  'dabigatran',
  'pradaxa',
  'rivaroxaban',
  'xarelto',
  'apixaban',
  'eliquis',
  'clopidogrel',
  'plavix',
  'ticagrelor',
  'brilinta',
  'enoxaparin',
  'clexane',
  'heparin',
  'dalteparin',
  'fragmin',
] as const;

const BLOOD_THINNER_RE = new RegExp(`\\b(${BLOOD_THINNER_NAMES.join('|')})\\b`, 'i');

/**
 * The order red flags are listed in: the ones that change a massage most come first. Each id is a
 * yes/no question with a flag (shown for yes) or a choice/multi whose chosen options carry one.
 */
export const HEALTH_FLAG_ORDER = [
  'bloodThinners',
  'pregnant',
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
  'allergies',
] as const;

const weeksText = (weeks: number) => `${weeks} ${weeks === 1 ? 'week' : 'weeks'}`;

/**
 * The red-flag phrases for her screens ('blood thinners', '30 weeks pregnant'), in
 * HEALTH_FLAG_ORDER. The answers are a parsed form's (hidden follow-ups already dropped).
 */
export function healthFlags(
  answers: Readonly<HealthAnswers>,
  questions: readonly HealthQuestion[] = HEALTH_QUESTIONS,
): string[] {
  /** An answer, unless its question did not show (a follow-up kept from an older form). */
  const shown = (id: string) => {
    const q = questions.find((question) => question.id === id);
    return q && isQuestionShown(q, answers, questions) ? answers[id] : undefined;
  };
  const flags: string[] = [];
  for (const id of HEALTH_FLAG_ORDER) {
    const q = questions.find((question) => question.id === id);
    const value = shown(id);
    if (!q || value === undefined) continue;
    if (id === 'bloodThinners') {
      const medication = shown('medicationNames');
      const named = typeof medication === 'string' && BLOOD_THINNER_RE.test(medication);
      if (value === true || named) flags.push(q.flag ?? 'blood thinners');
    } else if (id === 'pregnant') {
      const weeks = shown('pregnancyWeeks');
      if (value === true) flags.push(typeof weeks === 'number' ? `${weeksText(weeks)} pregnant` : 'pregnant');
    } else if (q.kind === 'boolean') {
      if (value === true && q.flag) flags.push(q.flag);
    } else {
      const chosen = Array.isArray(value) ? value : [value];
      for (const option of q.options ?? []) if (option.flag && chosen.includes(option.value)) flags.push(option.flag);
    }
  }
  return flags;
}

export interface HealthSummaryLine {
  id: string;
  label: string;
  answer: string;
}

function answerText(q: HealthQuestion, value: HealthAnswerValue): string {
  const label = (v: string) => q.options?.find((o) => o.value === v)?.label ?? v;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return q.unit === 'weeks' ? weeksText(value) : `${value}${q.unit ? ` ${q.unit}` : ''}`;
  if (Array.isArray(value)) return value.map(label).join(', ');
  return q.kind === 'choice' ? label(value) : value;
}

/**
 * The answers as readable lines in the form's order, for her detail view and the client's export:
 * questions not answered, and follow-ups that did not show, are left out.
 */
export function healthSummary(
  questions: readonly HealthQuestion[],
  answers: Readonly<HealthAnswers>,
): HealthSummaryLine[] {
  return questions
    .filter((q) => answers[q.id] !== undefined && isQuestionShown(q, answers, questions))
    .map((q) => ({ id: q.id, label: q.label, answer: answerText(q, answers[q.id]!) }));
}
