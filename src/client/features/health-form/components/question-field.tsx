/** One question, drawn by the component of its kind. */
import { BooleanQuestion } from './boolean-question';
import { ChoiceQuestion } from './choice-question';
import { MultiQuestion } from './multi-question';
import { NumberQuestion } from './number-question';
import type { QuestionProps } from './question-parts';
import { TextQuestion } from './text-question';

export function QuestionField(props: QuestionProps) {
  switch (props.question.kind) {
    case 'boolean':
      return <BooleanQuestion {...props} />;
    case 'text':
      return <TextQuestion {...props} />;
    case 'number':
      return <NumberQuestion {...props} />;
    case 'choice':
      return <ChoiceQuestion {...props} />;
    case 'multi':
      return <MultiQuestion {...props} />;
  }
}
