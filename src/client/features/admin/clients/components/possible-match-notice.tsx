/**
 * The notice at the top of a client's page when a booking's details led to an existing client (decision 034,
 * docs/decisions/034): 'Possible match: this may be Aroha Client (same e-mail, different name and phone).' with
 * 'Same person: merge into Aroha Client' (this client is merged into that one, and her screen moves to it) and
 * 'Someone else' (the match is cleared; the page refreshes without the notice).
 */
import { GitMerge, Users, UserPlus } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { matchText, type MatchDecision } from '@shared/client-match';
import type { ClientDetail } from '@shared/schemas/client';
import { Button } from '@/components/ui/button';
import { errorCode } from '@/lib/api';
import { toast } from '@/lib/toast';
import { serverMessage } from '../../shared/action-errors';
import { ComparisonText } from '../../shared/components/possible-match-line';
import { useDecideClientMatch } from '../api/decide-client-match';
import { clientPath } from '../client-view';
import { MATCH_TEXTS as T, TOASTS } from '../texts';

export function PossibleMatchNotice({ client }: { client: ClientDetail }) {
  const [, navigate] = useLocation();
  // Merged, this page's client is gone: the toast is said here, as her screen moves (the page's own callbacks end
  // with it).
  const decide = useDecideClientMatch(client.id, {
    onLinked: (now) => {
      toast({ title: 'Success', description: TOASTS.matchLinked(now.name) });
      navigate(clientPath(now.id));
    },
  });
  const match = client.possibleMatch;
  if (!match) return null;

  const choose = (decision: MatchDecision) => {
    decide.mutate(decision, {
      onSuccess: (now) => {
        if (now.id === client.id) toast({ title: 'Success', description: TOASTS.matchSeparate(match.name) });
      },
      onError: (error) => {
        const code = errorCode(error);
        if (code === 'UNAUTHENTICATED') return;
        // Decided meanwhile (another tab): the refreshed page shows where it stands.
        toast({ title: 'Error', description: serverMessage(error) ?? TOASTS.matchFailed, variant: 'destructive' });
      },
    });
  };

  const pending = decide.isPending;
  const existing = (
    <Link
      href={clientPath(match.clientId)}
      className="rounded-sm font-semibold underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {match.name}
    </Link>
  );
  const comparison = matchText(match);
  return (
    <section
      aria-labelledby="client-possible-match"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <h3 id="client-possible-match" className="sr-only">
        {T.heading}
      </h3>
      <div className="flex items-start gap-2">
        <Users className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div className="min-w-0 space-y-1">
          <p className="font-medium [overflow-wrap:anywhere]">
            {T.noticeLead} {existing}
            {comparison ? (
              <>
                {' ('}
                <ComparisonText text={comparison} />
                ).
              </>
            ) : (
              '.'
            )}
          </p>
          <p className="text-sm text-amber-900 dark:text-amber-200">{T.hint(match.name)}</p>
        </div>
      </div>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          type="button"
          disabled={pending}
          onClick={() => choose('link')}
          className="h-auto min-h-10 whitespace-normal"
        >
          <GitMerge aria-hidden />
          {pending && decide.variables === 'link' ? T.deciding : T.link(match.name)}
        </Button>
        <Button type="button" variant="outline" disabled={pending} onClick={() => choose('separate')}>
          <UserPlus aria-hidden />
          {pending && decide.variables === 'separate' ? T.deciding : T.separate}
        </Button>
      </div>
    </section>
  );
}
