/**
 * On the dashboard where the guided setup ends (`/admin?setup=done`): what her site still lacks, each a link back to
 * the step she skipped, or that it is ready. Read from her settings, the hours and the services as they are now.
 */
import { ArrowRight, CheckCircle2, X } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useBusinessHours } from '@/lib/queries/get-business-hours';
import { useServices } from '@/lib/queries/get-services';
import { useSettings } from '../api/get-settings';
import { missingSteps, STEP_TITLES, stepPath } from '../setup-steps';

export function FinishSetupCard({ onDismiss }: { onDismiss: () => void }) {
  const settings = useSettings();
  const hours = useBusinessHours();
  const services = useServices();
  if (!settings.data || !hours.data || !services.data) return null;
  const missing = missingSteps({
    baseAddress: settings.data.practice.baseAddress,
    localTowns: settings.data.practice.localTowns,
    openDays: hours.data.filter((d) => d.isOpen).length,
    services: services.data.length,
  });

  return (
    <Card className="mb-6">
      <CardHeader className="flex-row items-start justify-between gap-4 pb-2 sm:pb-2">
        <h2 className="text-lg font-semibold">{missing.length > 0 ? 'Finish setting up' : 'Your site is ready'}</h2>
        <Button type="button" variant="ghost" size="icon" className="-mr-2 -mt-2 shrink-0" onClick={onDismiss}>
          <X aria-hidden />
          <span className="sr-only">Close</span>
        </Button>
      </CardHeader>
      <CardContent>
        {missing.length > 0 ? (
          <>
            <p className="mb-3 text-sm text-muted-foreground">
              Some of your site is not set up yet. Do it now, or any time from Settings, Availability and Services.
            </p>
            <ul aria-label="Still to set up" className="grid gap-2">
              {missing.map((step) => (
                <li key={step}>
                  <Link
                    href={stepPath(step)}
                    className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {STEP_TITLES[step]}
                    <ArrowRight className="size-4" aria-hidden />
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="flex items-start gap-2 text-sm">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            Your practice, base, service area, hours and a service are set: clients can book.{' '}
            <Link href="/" className="font-medium text-primary underline underline-offset-4">
              See your site
            </Link>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
