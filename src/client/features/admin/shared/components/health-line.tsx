/**
 * A client's health form on the pending card and in a booking's details (docs/product.md
 * §13): the red flags as one warning line ('Health: blood thinners, 30 weeks pregnant'), or 'No
 * health form yet'. A summary from the booking answer: nothing here reads the form.
 */
import { HeartPulse } from 'lucide-react';
import { healthFlagsText } from '@shared/health-flags';
import type { HealthFormStatus } from '@shared/constants';
import { cx } from '@/lib/class-names';

export const NO_HEALTH_FORM = 'No health form yet';

export function HealthLine({
  flags,
  status,
  className,
}: {
  flags: readonly string[] | undefined;
  status: HealthFormStatus | undefined;
  /** Its place only (margins, width): joined without tailwind-merge, which Today's first render does without. */
  className?: string;
}) {
  const text = flags && flags.length > 0 ? healthFlagsText(flags) : status === 'missing' ? NO_HEALTH_FORM : '';
  if (!text) return null;
  const warning = text !== NO_HEALTH_FORM;
  return (
    <p
      className={cx(
        'flex items-start gap-1.5 rounded-md px-2 py-1 text-sm',
        warning ? 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100' : 'bg-muted text-muted-foreground',
        className,
      )}
    >
      <HeartPulse className="mt-[3px] size-3.5 shrink-0" aria-hidden />
      <span className="min-w-0 [overflow-wrap:anywhere]">{text}</span>
    </p>
  );
}
