/**
 * 'Possible match of Aroha Client' (docs/decisions/034): a small badge on a request's client in the clients
 * list, in the amber of the possible-match line, so she sees which clients still wait for her decision.
 */
import { Users } from 'lucide-react';
import type { ClientMatch } from '@shared/client-match';
import { cx } from '@/lib/class-names';
import { MATCH_TONE, possibleMatchOfText } from '../client-match-view';

interface PossibleMatchBadgeProps {
  match: Pick<ClientMatch, 'name'> | null | undefined;
  /** Its place only (margins), joined without tailwind-merge. */
  className?: string;
}

export function PossibleMatchBadge({ match, className }: PossibleMatchBadgeProps) {
  if (!match) return null;
  return (
    <p
      className={cx(
        'flex w-fit max-w-full items-start gap-1 rounded-md border px-2 py-0.5 text-xs font-medium',
        MATCH_TONE,
        className,
      )}
    >
      <Users className="mt-0.5 size-3 shrink-0" aria-hidden />
      <span className="min-w-0 [overflow-wrap:anywhere]">{possibleMatchOfText(match)}</span>
    </p>
  );
}
