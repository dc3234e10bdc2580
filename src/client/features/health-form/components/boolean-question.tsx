/** A yes/no question: two radios side by side. */
import { Controller } from 'react-hook-form';
import { ChoiceFieldset, ChoiceTile, questionIds, type QuestionProps } from './question-parts';

const CHOICES = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
] as const;

export function BooleanQuestion({ question, control, error }: QuestionProps) {
  return (
    <Controller
      control={control}
      name={`answers.${question.id}`}
      render={({ field }) => (
        <ChoiceFieldset question={question} error={error} className="grid-cols-2 sm:max-w-xs">
          {CHOICES.map(({ value, label }, index) => (
            <ChoiceTile key={label} checked={field.value === value}>
              <input
                ref={index === 0 ? field.ref : undefined}
                id={index === 0 ? questionIds(question.id).input : undefined}
                type="radio"
                name={field.name}
                value={String(value)}
                checked={field.value === value}
                onChange={() => field.onChange(value)}
                onBlur={field.onBlur}
                aria-invalid={error ? true : undefined}
                className="size-4 shrink-0 accent-primary"
              />
              {label}
            </ChoiceTile>
          ))}
        </ChoiceFieldset>
      )}
    />
  );
}
