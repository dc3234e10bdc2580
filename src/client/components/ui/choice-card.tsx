/**
 * One answer of a question asked with radio buttons, drawn as a card she can press anywhere: its label and a
 * line under it. The native radio keeps the keyboard and screen readers as they are (arrow keys within the
 * fieldset); the card marks the chosen one. Used where a decision has a few answers that each need a word of
 * explanation (merging two clients, a possible match on approval).
 */
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface ChoiceCardProps {
  /** The radio group's name: one per question. */
  name: string;
  value: string;
  checked: boolean;
  onChoose: () => void;
  /** The answer, in a few words. */
  label: ReactNode;
  /** What choosing it means. */
  hint: ReactNode;
  /** Bold label (a decision), or plain (a value to keep). */
  strong?: boolean;
  required?: boolean;
}

export function ChoiceCard({ name, value, checked, onChoose, label, hint, strong = false, required }: ChoiceCardProps) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        checked ? 'border-primary bg-primary/5' : 'hover:bg-accent',
      )}
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        required={required}
        onChange={onChoose}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 shrink-0 accent-primary"
      />
      <span className="min-w-0">
        <span className={cn('block break-words', strong && 'font-medium')}>{label}</span>
        <span id={`${id}-hint`} className="block text-xs text-muted-foreground">
          {hint}
        </span>
      </span>
    </label>
  );
}
