/** A whole number in a range, with its unit beside it ('30 weeks'). */
import { Controller } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  OptionalMark,
  QuestionError,
  QuestionHint,
  questionDescribedBy,
  questionIds,
  type QuestionProps,
} from './question-parts';

export function NumberQuestion({ question, control, error }: QuestionProps) {
  const ids = questionIds(question.id);
  const digits = String(question.max ?? 999).length;
  return (
    <Controller
      control={control}
      name={`answers.${question.id}`}
      render={({ field }) => (
        <div className="grid gap-2">
          <Label htmlFor={ids.input} className="leading-snug">
            {question.label}
            <OptionalMark required={question.required} />
          </Label>
          <QuestionHint question={question} />
          <div className="flex items-center gap-2">
            {/* Text with a number keypad: a number input would take '1e1' and spin on a scroll. */}
            <Input
              id={ids.input}
              name={field.name}
              ref={field.ref}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={digits + 2}
              value={typeof field.value === 'string' || typeof field.value === 'number' ? String(field.value) : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={questionDescribedBy(question, error)}
              className="w-24"
            />
            {question.unit && <span className="text-sm text-muted-foreground">{question.unit}</span>}
          </div>
          <QuestionError question={question} error={error} />
        </div>
      )}
    />
  );
}
