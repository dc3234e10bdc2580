/** A question answered in words: one line for a name or a number, a box for anything longer. */
import { Controller } from 'react-hook-form';
import { LIMITS } from '@shared/constants';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import {
  OptionalMark,
  QuestionError,
  QuestionHint,
  questionDescribedBy,
  questionIds,
  type QuestionProps,
} from './question-parts';

/** Answers this short fit on one line. */
const ONE_LINE_MAX = LIMITS.nameMax;

/** The emergency contact's number is typed as a phone number; no answer is filled in by the browser. */
const isPhone = (id: string) => /phone/i.test(id);

export function TextQuestion({ question, control, error }: QuestionProps) {
  const ids = questionIds(question.id);
  const maxLength = question.maxLength ?? LIMITS.healthTextMax;
  return (
    <Controller
      control={control}
      name={`answers.${question.id}`}
      render={({ field }) => {
        const common = {
          id: ids.input,
          name: field.name,
          ref: field.ref,
          value: typeof field.value === 'string' ? field.value : '',
          onChange: field.onChange,
          onBlur: field.onBlur,
          maxLength,
          autoComplete: 'off',
          'aria-invalid': error ? (true as const) : undefined,
          'aria-describedby': questionDescribedBy(question, error),
        };
        return (
          <div className="grid gap-2">
            <Label htmlFor={ids.input} className="leading-snug">
              {question.label}
              <OptionalMark required={question.required} />
            </Label>
            <QuestionHint question={question} />
            {maxLength <= ONE_LINE_MAX ? (
              <Input {...common} type={isPhone(question.id) ? 'tel' : 'text'} />
            ) : (
              <Textarea {...common} rows={3} />
            )}
            <QuestionError question={question} error={error} />
          </div>
        );
      }}
    />
  );
}
