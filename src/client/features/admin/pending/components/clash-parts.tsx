/**
 * A pending request's clash with her other calendars (docs/product.md §11): the badge of the list, and in the
 * review dialog every clashing busy time, with the server's word when a clash was synced since.
 */
import { CalendarX2 } from 'lucide-react';
import type { CalendarClash } from '@shared/schemas/other-calendar';
import { Badge } from '@/components/ui/badge';
import { CLASH_ADVICE, CLASH_BADGE, clashLine } from '../calendar-clash';

export function ClashBadge() {
  return (
    <Badge variant="warning" className="gap-1">
      <CalendarX2 className="size-3 shrink-0" aria-hidden />
      {CLASH_BADGE}
    </Badge>
  );
}

interface ClashNoticeProps {
  clashes: readonly CalendarClash[];
  /** The server's 409 CALENDAR_CLASH message, when the list did not know yet. */
  serverMessage: string | null;
  approving: boolean;
}

export function ClashNotice({ clashes, serverMessage, approving }: ClashNoticeProps) {
  if (clashes.length === 0 && !serverMessage) return null;
  return (
    <div
      role={serverMessage ? 'alert' : undefined}
      className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <CalendarX2 className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">{CLASH_BADGE}</p>
        {serverMessage && <p className="break-words">{serverMessage}</p>}
        {clashes.length > 0 && (
          <ul className="space-y-0.5">
            {clashes.map((clash) => (
              <li key={`${clash.calendarName}-${clash.start}-${clash.title}`} className="break-words">
                {clashLine(clash)}
              </li>
            ))}
          </ul>
        )}
        {approving && <p>{CLASH_ADVICE}</p>}
      </div>
    </div>
  );
}
