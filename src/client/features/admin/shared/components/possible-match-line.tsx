/**
 * 'Possible match: Aroha Client (same e-mail, different name and phone)' (docs/decisions/034) wherever a
 * booking whose client may be an existing one shows: the pending card and row, the approve dialog and the
 * appointment's details. With `linked`, the existing client's name leads to their page.
 */
import { Users } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'wouter';
import type { ClientMatch } from '@shared/client-match';
import { cx } from '@/lib/class-names';
import { MATCH_TONE, POSSIBLE_MATCH, matchClientPath, matchComparison } from '../client-match-view';

interface PossibleMatchLineProps {
  match: ClientMatch | null | undefined;
  /** The name is a link to the existing client's page (not inside a dialog that would be left half done). */
  linked?: boolean;
  /** Its place only (margins, width), joined without tailwind-merge. */
  className?: string;
}

/** The comparison, 'e-mail' kept on one line: 'same e-' over 'mail' reads badly on a phone. */
export function ComparisonText({ text }: { text: string }) {
  const parts = text.split('e-mail');
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <span className="whitespace-nowrap">e-mail</span>}
          {part}
        </Fragment>
      ))}
    </>
  );
}

export function PossibleMatchLine({ match, linked = false, className }: PossibleMatchLineProps) {
  if (!match) return null;
  const comparison = matchComparison(match);
  return (
    <p className={cx('flex items-start gap-1.5 rounded-md border px-2 py-1 text-sm', MATCH_TONE, className)}>
      <Users className="mt-[3px] size-3.5 shrink-0" aria-hidden />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        <span className="font-semibold">{POSSIBLE_MATCH}:</span>{' '}
        {linked ? (
          <Link
            href={matchClientPath(match)}
            className="rounded-sm font-medium underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {match.name}
          </Link>
        ) : (
          <span className="font-medium">{match.name}</span>
        )}
        {comparison && (
          <>
            {' ('}
            <ComparisonText text={comparison} />)
          </>
        )}
      </span>
    </p>
  );
}
