/**
 * The health form page's values, pure: what each question's field holds before it is answered,
 * the form started from an earlier form's answers, which questions show, the 'None of these'
 * rule of a multi-choice, and which screen the page shows. The questions come from the page's
 * GET answer; the rules are the shared ones (src/shared/health-form.ts).
 */
import {
  isQuestionShown,
  type HealthAnswerValue,
  type HealthQuestion,
  type HealthSubmissionInput,
} from '@shared/health-form';
import type { FieldError } from '@shared/api-error';
import type { HealthFormPage } from '@shared/schemas/health';
import { ApiError } from '../../lib/api';

/** The form's values: each question's raw field value by id, and the consent typed. */
export type HealthFormValues = HealthSubmissionInput;
export type HealthFormAnswers = HealthFormValues['answers'];

/**
 * A question's field before it is answered: text and number inputs hold '' (a number field's
 * text is read as the number by the shared schema), a multi-choice no option, and yes/no and
 * single choices nothing (no radio checked).
 */
export function emptyAnswer(question: HealthQuestion): string | string[] | undefined {
  switch (question.kind) {
    case 'text':
    case 'number':
      return '';
    case 'multi':
      return [];
    default:
      return undefined;
  }
}

/** An earlier form's answer as its field holds it, or the empty field when it no longer fits the question. */
function fieldValue(question: HealthQuestion, value: HealthAnswerValue | undefined): unknown {
  if (value === undefined) return emptyAnswer(question);
  const options = (question.options ?? []).map((o) => o.value);
  switch (question.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'text':
      return typeof value === 'string' ? value : '';
    case 'number':
      return typeof value === 'number' ? String(value) : '';
    case 'choice':
      return typeof value === 'string' && options.includes(value) ? value : undefined;
    case 'multi':
      return Array.isArray(value) ? value.filter((v) => options.includes(v)) : [];
  }
}

/**
 * Every question's field, from the earlier form's answers when given ('Update my answers'):
 * answers to questions that no longer exist are left out, so the form never sends an unknown id.
 */
export function initialAnswers(
  questions: readonly HealthQuestion[],
  previous?: Readonly<Record<string, HealthAnswerValue>>,
): HealthFormAnswers {
  const answers: HealthFormAnswers = {};
  for (const q of questions) answers[q.id] = fieldValue(q, previous?.[q.id]);
  return answers;
}

/**
 * The form's starting values: empty (the private link never carries earlier answers, see
 * healthFormSchema's `previous`); the consent always typed afresh.
 */
export function initialValues(page: Pick<HealthFormPage, 'questions' | 'consent'>) {
  return {
    answers: initialAnswers(page.questions),
    consent: { version: page.consent.version, fullName: '' },
  } satisfies HealthFormValues;
}

/** The questions to ask now, in order: a follow-up shows only while its parent's answer holds. */
export function shownQuestions(questions: readonly HealthQuestion[], answers: HealthFormAnswers): HealthQuestion[] {
  return questions.filter((q) => isQuestionShown(q, answers, questions));
}

/**
 * A multi-choice's new value when one option is ticked or unticked, kept in the options' order.
 * An exclusive option ('None of these') clears the others, and any other clears it: the shared
 * schema refuses both together, so the form never offers that mistake.
 */
export function toggleOption(
  question: HealthQuestion,
  current: readonly string[],
  value: string,
  checked: boolean,
): string[] {
  const options = question.options ?? [];
  const exclusive = new Set(options.filter((o) => o.exclusive).map((o) => o.value));
  let next: string[];
  if (!checked) next = current.filter((v) => v !== value);
  else if (exclusive.has(value)) next = [value];
  else next = [...current.filter((v) => !exclusive.has(v)), value];
  return options.map((o) => o.value).filter((v) => next.includes(v));
}

/** What the page shows first. */
export type HealthPageScreen = 'reconfirm' | 'current' | 'form';

/**
 * 'current': the form is up to date (the client may still update it). 'reconfirm': an earlier
 * form that still fits the questions can be confirmed again in one step. Otherwise the form,
 * started from the earlier answers when there are any.
 */
export function firstScreen(page: Pick<HealthFormPage, 'status' | 'previous'>): HealthPageScreen {
  if (page.status === 'current') return 'current';
  if (page.previous?.canReconfirm) return 'reconfirm';
  return 'form';
}

/** The body of 'Nothing has changed': the earlier answers again, with this consent. */
export function reconfirmBody(version: string, fullName: string) {
  return { reconfirm: true as const, consent: { version, fullName: fullName.trim() } };
}

/** Where a refused form's field messages go: onto the fields the page has, the rest into one alert. */
export function placeFieldErrors(
  errors: readonly FieldError[],
  questionIds: readonly string[],
): { fields: { name: `answers.${string}` | 'consent.fullName'; message: string }[]; other: string[] } {
  const fields: { name: `answers.${string}` | 'consent.fullName'; message: string }[] = [];
  const other: string[] = [];
  for (const { path, message } of errors) {
    const id = path.startsWith('answers.') ? path.slice('answers.'.length) : null;
    if (id !== null && questionIds.includes(id)) fields.push({ name: `answers.${id}`, message });
    else if (path === 'consent.fullName') fields.push({ name: 'consent.fullName', message });
    else other.push(message);
  }
  return { fields, other };
}

/**
 * Why the page could not load: 'notFound' for an unknown token (404), 'closed' with the server's
 * message for a booking that takes no form (a cancelled or rejected one: 409 or 400), else
 * 'failed' (the network, the server down), which may be tried again.
 */
export type HealthLoadFailure = { kind: 'notFound' } | { kind: 'closed'; message: string } | { kind: 'failed' };

export function loadFailure(error: unknown): HealthLoadFailure {
  if (!(error instanceof ApiError)) return { kind: 'failed' };
  if (error.status === 404) return { kind: 'notFound' };
  if ((error.status === 409 || error.status === 400) && error.body?.message)
    return { kind: 'closed', message: error.body.message };
  return { kind: 'failed' };
}
