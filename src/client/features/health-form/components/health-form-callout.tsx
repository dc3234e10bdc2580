/**
 * On the confirmation page: the call to fill in the health form before the visit ('missing'), or
 * to check an earlier one ('outdated'). Nothing for a current form, or a booking without one.
 */
import { ClipboardList } from 'lucide-react';
import { Link } from 'wouter';
import { bookingHealthPath } from '@shared/booking-paths';
import type { HealthFormStatus } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { HEALTH_CALLOUT } from '../texts';

interface HealthFormCalloutProps {
  status: HealthFormStatus | null | undefined;
  token: string;
}

export function HealthFormCallout({ status, token }: HealthFormCalloutProps) {
  if (status !== 'missing' && status !== 'outdated') return null;
  return (
    <section
      aria-labelledby="health-callout-heading"
      className="flex flex-col gap-3 rounded-md border border-primary/40 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <ClipboardList className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div>
          <h2 id="health-callout-heading" className="font-semibold">
            {HEALTH_CALLOUT[status]}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {status === 'missing'
              ? 'A few questions about your health, so that the massage is safe for you. It takes about five minutes.'
              : 'Your health form may be out of date: please check your answers before your visit.'}
          </p>
        </div>
      </div>
      <Button asChild className="shrink-0">
        <Link href={bookingHealthPath(token)}>{status === 'missing' ? 'Fill in the form' : 'Check my form'}</Link>
      </Button>
    </section>
  );
}
