/**
 * One step of the first run: where she is (step n of 6, the steps as a bar), the step's heading and form, and its
 * buttons: 'Later' skips a step of the guided setup (never the account), the main button saves and goes on.
 */
import { AlertCircle, Loader2 } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Brand } from '@/components/layout/brand';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { SETUP_STEPS, STEP_TITLES, stepCountText, type SetupStep } from '../setup-steps';

interface StepFrameProps {
  step: SetupStep;
  practiceName: string | undefined;
  description: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Skips the step; absent for the account. */
  onLater?: () => void;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** A message for the whole form (the server's, or no network). */
  formError: string | null;
  children: ReactNode;
}

export function StepFrame(props: StepFrameProps) {
  const { step, practiceName, description, onSubmit, onLater, submitLabel, pendingLabel, pending, formError } = props;
  const index = SETUP_STEPS.indexOf(step);
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="mx-auto flex w-full max-w-xl items-center px-4 pt-8 sm:pt-12">
        <Brand name={practiceName} />
      </header>
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col px-4 py-6">
        <nav aria-label="Setup steps" className="mb-4">
          <p className="mb-2 text-sm font-medium text-muted-foreground">{stepCountText(step)}</p>
          <ol className="grid grid-cols-6 gap-1.5">
            {SETUP_STEPS.map((s, i) => (
              <li key={s} aria-current={s === step ? 'step' : undefined}>
                <span className={cn('block h-1.5 rounded-full', i <= index ? 'bg-primary' : 'bg-border')} aria-hidden />
                <span className="sr-only">
                  {STEP_TITLES[s]}
                  {i < index ? ' (done or skipped)' : ''}
                </span>
              </li>
            ))}
          </ol>
        </nav>
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-semibold leading-tight tracking-tight">{STEP_TITLES[step]}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
              {formError && (
                <div
                  role="alert"
                  className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2.5 text-sm text-destructive dark:text-red-300"
                >
                  <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
                  <span>{formError}</span>
                </div>
              )}
              {props.children}
              <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
                {onLater && (
                  <Button type="button" variant="ghost" onClick={onLater} disabled={pending}>
                    Later
                  </Button>
                )}
                <Button type="submit" disabled={pending} className={onLater ? undefined : 'w-full'}>
                  {pending && <Loader2 className="animate-spin" aria-hidden />}
                  {pending ? pendingLabel : submitLabel}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
