/** What every question's field shares: its ids, its heading (label, 'optional', help line) and its error. */
import type { ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import type { HealthQuestion, HealthSubmission } from '@shared/health-form';
import { cn } from '@/lib/utils';
import type { HealthFormValues } from '../health-form-values';

export type HealthFormControl = Control<HealthFormValues, unknown, HealthSubmission>;

/** One question's field, as QuestionField hands it to the component of its kind. */
export interface QuestionProps {
  question: HealthQuestion;
  control: HealthFormControl;
  error: string | undefined;
}

export function questionIds(id: string) {
  return { input: `health-${id}`, label: `health-${id}-label`, hint: `health-${id}-hint`, error: `health-${id}-error` };
}

/** aria-describedby of a question: its help line and its error, when there are. */
export function questionDescribedBy(question: HealthQuestion, error: string | undefined): string | undefined {
  const ids = questionIds(question.id);
  const list = [question.hint ? ids.hint : null, error ? ids.error : null].filter(Boolean);
  return list.length > 0 ? list.join(' ') : undefined;
}

export function OptionalMark({ required }: { required: boolean }) {
  return required ? null : <span className="font-normal text-muted-foreground"> (optional)</span>;
}

export function QuestionHint({ question }: { question: HealthQuestion }) {
  if (!question.hint) return null;
  return (
    <p id={questionIds(question.id).hint} className="text-sm text-muted-foreground">
      {question.hint}
    </p>
  );
}

export function QuestionError({ question, error }: { question: HealthQuestion; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={questionIds(question.id).error} className="text-sm font-medium text-destructive">
      {error}
    </p>
  );
}

/** A question answered by choosing (yes/no, one option, several): a fieldset whose legend is the question. */
export function ChoiceFieldset({
  question,
  error,
  children,
  className,
}: {
  question: HealthQuestion;
  error: string | undefined;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={questionDescribedBy(question, error)}>
      <legend className="mb-1 text-sm font-medium leading-snug">
        {question.label}
        <OptionalMark required={question.required} />
      </legend>
      <QuestionHint question={question} />
      <div className={cn('grid gap-2', className)}>{children}</div>
      <QuestionError question={question} error={error} />
    </fieldset>
  );
}

/** A radio or checkbox with its words, as a tile a thumb can hit (44 px high). */
export function ChoiceTile({ checked, children }: { checked: boolean; children: ReactNode }) {
  return (
    <label
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        checked ? 'border-primary bg-primary/10 font-medium' : 'border-input hover:bg-accent',
      )}
    >
      {children}
    </label>
  );
}
