/** A question with one answer from a list: radios, one under the other. */
import { Controller } from 'react-hook-form';
import { ChoiceFieldset, ChoiceTile, questionIds, type QuestionProps } from './question-parts';

export function ChoiceQuestion({ question, control, error }: QuestionProps) {
  return (
    <Controller
      control={control}
      name={`answers.${question.id}`}
      render={({ field }) => (
        <ChoiceFieldset question={question} error={error}>
          {(question.options ?? []).map((option, index) => (
            <ChoiceTile key={option.value} checked={field.value === option.value}>
              <input
                ref={index === 0 ? field.ref : undefined}
                id={index === 0 ? questionIds(question.id).input : undefined}
                type="radio"
                name={field.name}
                value={option.value}
                checked={field.value === option.value}
                onChange={() => field.onChange(option.value)}
                onBlur={field.onBlur}
                aria-invalid={error ? true : undefined}
                className="size-4 shrink-0 accent-primary"
              />
              {option.label}
            </ChoiceTile>
          ))}
        </ChoiceFieldset>
      )}
    />
  );
}
