/**
 * A client's alerts ('Dog at the gate', docs/product.md §12) wherever their bookings show: one warning-coloured
 * line each. The text is the client's own words, rendered as text.
 */
import { AlertTriangle } from 'lucide-react';
import { cx } from '@/lib/class-names';

/** `className`: its place only (margins, width), joined without tailwind-merge (Today's first render does without). */
export function ClientAlerts({ alerts, className }: { alerts: readonly string[] | undefined; className?: string }) {
  if (!alerts || alerts.length === 0) return null;
  return (
    <ul aria-label="Client alerts" className={cx('flex flex-col gap-1', className)}>
      {alerts.map((text, i) => (
        <li
          key={i}
          className="flex items-start gap-1.5 rounded-md bg-amber-100 px-2 py-1 text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
        >
          <AlertTriangle className="mt-[3px] size-3.5 shrink-0" aria-hidden />
          <span className="min-w-0 [overflow-wrap:anywhere]">
            <span className="sr-only">Alert: </span>
            {text}
          </span>
        </li>
      ))}
    </ul>
  );
}
