/**
 * The possible match (docs/decisions/034) and the question approving such a request asks: 'Is this the
 * same person?', answered 'Same person: add this visit to …'s record' or 'Someone else: keep them as a new client'.
 * One block for the pending list's approve dialog and the appointment's Confirm; the caller holds the answer.
 */
import { useId } from 'react';
import type { ClientMatch, MatchDecision } from '@shared/client-match';
import { ChoiceCard } from '@/components/ui/choice-card';
import { cx } from '@/lib/class-names';
import { MATCH_CHOICES, MATCH_CHOICE_HINTS, MATCH_QUESTION, matchChoiceLabel } from '../client-match-view';
import { PossibleMatchLine } from './possible-match-line';

interface MatchQuestionProps {
  match: ClientMatch;
  /** Her answer, null until she picks one. */
  choice: MatchDecision | null;
  onChange: (choice: MatchDecision) => void;
  disabled: boolean;
  /** Its frame and place only (border, padding, margins), joined without tailwind-merge. */
  className?: string;
}

export function MatchQuestion({ match, choice, onChange, disabled, className }: MatchQuestionProps) {
  const id = useId();
  return (
    <div className={cx('grid gap-3', className)}>
      <PossibleMatchLine match={match} />
      <fieldset className="grid min-w-0 gap-2" disabled={disabled}>
        <legend className="mb-1 text-sm font-medium">{MATCH_QUESTION}</legend>
        {MATCH_CHOICES.map((option) => (
          <ChoiceCard
            key={option}
            name={`${id}-match`}
            value={option}
            checked={choice === option}
            onChoose={() => onChange(option)}
            label={matchChoiceLabel(option, match.name)}
            hint={MATCH_CHOICE_HINTS[option]}
            strong
            required
          />
        ))}
      </fieldset>
    </div>
  );
}
