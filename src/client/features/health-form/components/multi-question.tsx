/** A question with any number of answers from a list: checkboxes; 'None of these' stands alone. */
import { Controller } from 'react-hook-form';
import { toggleOption } from '../health-form-values';
import { ChoiceFieldset, ChoiceTile, questionIds, type QuestionProps } from './question-parts';

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

export function MultiQuestion({ question, control, error }: QuestionProps) {
  return (
    <Controller
      control={control}
      name={`answers.${question.id}`}
      render={({ field }) => {
        const chosen = asList(field.value);
        return (
          <ChoiceFieldset question={question} error={error}>
            {(question.options ?? []).map((option, index) => {
              const checked = chosen.includes(option.value);
              return (
                <ChoiceTile key={option.value} checked={checked}>
                  <input
                    ref={index === 0 ? field.ref : undefined}
                    id={index === 0 ? questionIds(question.id).input : undefined}
                    type="checkbox"
                    name={field.name}
                    value={option.value}
                    checked={checked}
                    onChange={(event) =>
                      field.onChange(toggleOption(question, chosen, option.value, event.target.checked))
                    }
                    onBlur={field.onBlur}
                    aria-invalid={error ? true : undefined}
                    className="size-4 shrink-0 accent-primary"
                  />
                  {option.label}
                </ChoiceTile>
              );
            })}
          </ChoiceFieldset>
        );
      }}
    />
  );
}
