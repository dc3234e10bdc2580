/**
 * The questions, drawn from the page's data, and the consent: one react-hook-form validated by the
 * shared schema (healthFormSubmissionSchema, built from the questions and consent version the
 * server sent, so the page and the server check the same things), its messages under each field.
 * A follow-up appears and disappears with its parent's answer. On a refused submit the first
 * field in error takes the focus.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { healthFormSubmissionSchema, type HealthQuestion, type HealthSubmission } from '@shared/health-form';
import type { HealthFormPage } from '@shared/schemas/health';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useSaveHealthForm, type HealthFormSaved } from '../api/save-health-form';
import { initialValues, placeFieldErrors, shownQuestions, type HealthFormValues } from '../health-form-values';
import { ConsentBlock } from './consent-block';
import { PrivacyNote } from './privacy-note';
import { QuestionField } from './question-field';

interface HealthFormEditorProps {
  token: string;
  page: HealthFormPage;
  onSaved: (saved: HealthFormSaved) => void;
}

/** The message react-hook-form holds for one answer. */
function answerError(errors: FieldErrors<HealthFormValues>, id: string): string | undefined {
  const message = errors.answers?.[id]?.message;
  return typeof message === 'string' ? message : undefined;
}

export function HealthFormEditor({ token, page, onSaved }: HealthFormEditorProps) {
  const questions = page.questions as readonly HealthQuestion[];
  const schema = useMemo(
    () => healthFormSubmissionSchema(questions, page.consent.version),
    [questions, page.consent.version],
  );
  const form = useForm<HealthFormValues, unknown, HealthSubmission>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(page),
    // Focus goes to the first field in error in the page's order (below), radios included.
    shouldFocusError: false,
  });
  const { errors, submitCount } = form.formState;
  const answers = useWatch({ control: form.control, name: 'answers' });
  const shown = shownQuestions(questions, answers);
  const [refusal, setRefusal] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const focusedFor = useRef(0);
  const save = useSaveHealthForm(token);

  const hasErrors = Object.keys(errors).length > 0;
  useEffect(() => {
    if (!hasErrors || focusedFor.current === submitCount) return;
    focusedFor.current = submitCount;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [hasErrors, submitCount]);

  const onSubmit = form.handleSubmit((submission) => {
    setRefusal([]);
    save.mutate(submission, {
      onSuccess: onSaved,
      onError: (error) => {
        const placed = placeFieldErrors(
          error instanceof ApiError ? error.fieldErrors : [],
          questions.map((q) => q.id),
        );
        for (const { name, message } of placed.fields) form.setError(name, { message }, { shouldFocus: false });
        const message = error instanceof ApiError ? error.body?.message : undefined;
        const other = placed.other.length > 0 ? placed.other : placed.fields.length > 0 ? [] : [message];
        setRefusal(other.map((m) => m ?? 'Your health form could not be saved. Please try again.'));
        // The first field the server refused, or the message.
        focusedFor.current = -1;
        requestAnimationFrame(() =>
          formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-refusal]')?.focus(),
        );
      },
    });
  });

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-8">
      <section aria-labelledby="health-questions-heading" className="grid gap-6">
        <h2 id="health-questions-heading" className="sr-only">
          Health questions
        </h2>
        {shown.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            control={form.control}
            error={answerError(errors, question.id)}
          />
        ))}
      </section>

      <ConsentBlock
        consent={page.consent}
        nameInput={form.register('consent.fullName')}
        nameError={errors.consent?.fullName?.message}
        consentError={errors.consent?.version?.message}
      />

      <PrivacyNote />

      {refusal.length > 0 && (
        <div
          data-refusal
          tabIndex={-1}
          role="alert"
          className="rounded-md border border-destructive/50 p-3 text-sm font-medium text-destructive"
        >
          {refusal.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}

      <Button type="submit" size="lg" disabled={save.isPending} className="w-full sm:w-auto sm:justify-self-start">
        {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
        Save my health form
      </Button>
    </form>
  );
}
