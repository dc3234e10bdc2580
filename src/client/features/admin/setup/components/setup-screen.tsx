/**
 * /admin/setup (docs/product.md §2 "First run"): while the site has no administrator, her account with the
 * setup code; then, signed in, the guided setup one step at a time (`?step=`), each skippable, ending in the
 * dashboard (with the card of what is still missing). Once she exists, the page sends her to the dashboard and anyone
 * else to sign in.
 */
import { Loader2, RefreshCw } from 'lucide-react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { useSessionUser } from '@/lib/queries/get-session-user';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';
import { useSetupStatus } from '../api/get-setup-status';
import { nextStep, SETUP_DONE_PATH, setupRoute, stepFromSearch, stepPath, type SetupStep } from '../setup-steps';
import { AccountStep } from './account-step';
import { AreaStep } from './area-step';
import { BaseStep } from './base-step';
import { HoursStep } from './hours-step';
import { PracticeStep } from './practice-step';
import { ServiceStep } from './service-step';
import { WithSettings } from './with-settings';

function Centered({ children }: { children: React.ReactNode }) {
  return <div className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">{children}</div>;
}

export function SetupScreen() {
  const [, navigate] = useLocation();
  const asked = stepFromSearch(useSearch());
  const status = useSetupStatus();
  const session = useSessionUser();
  const { data: practice } = usePracticeInfo();
  const practiceName = practice?.name;

  if (status.isPending || session.isPending) {
    return (
      <Centered>
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-5 animate-spin" aria-hidden />
          Loading...
        </p>
      </Centered>
    );
  }
  if (status.isError) {
    return (
      <Centered>
        <p role="alert" className="font-medium">
          Could not check whether this site is set up
        </p>
        <Button variant="outline" onClick={() => void status.refetch()}>
          <RefreshCw className="size-4" aria-hidden /> Try again
        </Button>
      </Centered>
    );
  }

  const route = setupRoute(status.data.needed, Boolean(session.data), asked);
  if ('redirect' in route) return <Redirect to={route.redirect} replace />;
  const goOn = (from: SetupStep) => {
    const next = nextStep(from);
    navigate(next ? stepPath(next) : SETUP_DONE_PATH, { replace: next === null });
  };

  switch (route.show) {
    case 'account':
      return <AccountStep practiceName={practiceName} onCreated={() => goOn('account')} />;
    case 'practice':
      return (
        <WithSettings step="practice" practiceName={practiceName} onLater={() => goOn('practice')}>
          {(settings) => <PracticeStep settings={settings} onNext={() => goOn('practice')} />}
        </WithSettings>
      );
    case 'base':
      return (
        <WithSettings step="base" practiceName={practiceName} onLater={() => goOn('base')}>
          {(settings) => <BaseStep settings={settings} onNext={() => goOn('base')} />}
        </WithSettings>
      );
    case 'area':
      return (
        <WithSettings step="area" practiceName={practiceName} onLater={() => goOn('area')}>
          {(settings) => <AreaStep settings={settings} onNext={() => goOn('area')} />}
        </WithSettings>
      );
    case 'hours':
      return <HoursStep practiceName={practiceName} onNext={() => goOn('hours')} />;
    case 'service':
      return <ServiceStep practiceName={practiceName} onNext={() => goOn('service')} />;
  }
}
