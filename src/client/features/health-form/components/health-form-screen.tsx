/**
 * /booking/health/{token} (docs/product.md §13): the client's health form for a booking. First an
 * up-to-date form ('current'), or 'Nothing has changed' for an earlier one that still fits the
 * questions, or the form itself; after saving, the thanks. An unknown link shows 'Form Not Found';
 * a cancelled or rejected booking, the server's message.
 */
import { CheckCircle2, ClipboardList, SearchX, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { HealthFormPage } from '@shared/schemas/health';
import { bookingConfirmPath } from '@shared/booking-paths';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHealthForm } from '../api/get-health-form';
import type { HealthFormSaved } from '../api/save-health-form';
import { firstScreen, loadFailure, type HealthLoadFailure } from '../health-form-values';
import { HEALTH_TITLES } from '../texts';
import { formDate, visitWhen } from '../visit-words';
import { HealthFormEditor } from './health-form-editor';
import { HealthFrame, HealthPanel, HealthPanelSkeleton } from './health-panel';
import { ReconfirmScreen } from './reconfirm-screen';

function HomeButton() {
  return (
    <Button asChild>
      <Link href="/">Return to Home</Link>
    </Button>
  );
}

function BookingButton({ token, variant = 'outline' }: { token: string; variant?: 'outline' | 'default' }) {
  return (
    <Button asChild variant={variant}>
      <Link href={bookingConfirmPath(token)}>Back to your booking</Link>
    </Button>
  );
}

/** What the page shows once loaded, after the client's choice ('Update my answers') or a save. */
type Shown = { kind: 'first' } | { kind: 'form'; fromPrevious: boolean } | { kind: 'saved'; saved: HealthFormSaved };

function LoadedScreen({ token, page }: { token: string; page: HealthFormPage }) {
  const [shown, setShown] = useState<Shown>({ kind: 'first' });
  const first = firstScreen(page);
  const screen = shown.kind === 'first' ? first : shown.kind;
  useDocumentTitle(HEALTH_TITLES[screen]);
  const onSaved = (saved: HealthFormSaved) => setShown({ kind: 'saved', saved });
  const update = () => setShown({ kind: 'form', fromPrevious: page.previous !== undefined });
  const when = visitWhen(page.visit);

  if (shown.kind === 'saved') {
    return (
      <HealthPanel
        icon={CheckCircle2}
        tone="success"
        title={HEALTH_TITLES.saved}
        focusTitle
        lead={
          <>
            <p>Thank you, {page.visit.firstName}. Your health form is saved.</p>
            <p className="mt-2">
              Your {page.visit.serviceName} is on <strong className="font-semibold">{when}</strong> (NZ time).
            </p>
          </>
        }
        actions={<BookingButton token={token} variant="default" />}
      />
    );
  }
  if (screen === 'current') {
    const filled = formDate(page.submittedAt ?? page.previous?.consentedAt);
    return (
      <HealthPanel
        icon={CheckCircle2}
        tone="success"
        title={HEALTH_TITLES.current}
        lead={
          <>
            <p>
              Thank you, {page.visit.firstName}.{' '}
              {filled ? `Your health form of ${filled} is up to date` : 'Your health form is up to date'} for your visit
              on {when}.
            </p>
            <p className="mt-2">If anything has changed since, please update it.</p>
          </>
        }
        actions={
          <>
            <Button type="button" variant="outline" onClick={update}>
              Update my answers
            </Button>
            <BookingButton token={token} variant="default" />
          </>
        }
      />
    );
  }
  if (screen === 'reconfirm') {
    return <ReconfirmScreen token={token} page={page} onUpdate={update} onSaved={onSaved} />;
  }
  const fromPrevious = shown.kind === 'form' ? shown.fromPrevious : page.previous !== undefined;
  return (
    <HealthPanel
      icon={ClipboardList}
      title={HEALTH_TITLES.form}
      focusTitle={shown.kind === 'form'}
      lead={
        <>
          <p>
            For your {page.visit.serviceName} on {when}. Please answer these questions so that the massage is safe for
            you. It takes about five minutes.
          </p>
          {fromPrevious && (
            <p className="mt-2">
              To keep them private, your earlier answers are not shown on this page: please answer each question again.
            </p>
          )}
        </>
      }
    >
      <HealthFormEditor token={token} page={page} onSaved={onSaved} />
    </HealthPanel>
  );
}

function FailedScreen({ failure, onRetry }: { failure: HealthLoadFailure; onRetry: () => void }) {
  useDocumentTitle(HEALTH_TITLES[failure.kind]);
  if (failure.kind === 'notFound') {
    return (
      <HealthPanel
        icon={SearchX}
        tone="muted"
        title={HEALTH_TITLES.notFound}
        lead="We couldn't find a health form for this link. Please check the link in your email."
        actions={<HomeButton />}
      />
    );
  }
  if (failure.kind === 'closed') {
    return (
      <HealthPanel
        icon={XCircle}
        tone="muted"
        title={HEALTH_TITLES.closed}
        lead={failure.message}
        actions={<HomeButton />}
      />
    );
  }
  return (
    <HealthPanel
      icon={ClipboardList}
      tone="muted"
      title={HEALTH_TITLES.failed}
      lead="Your health form could not be loaded. Please check your connection and try again."
      actions={
        <>
          <Button type="button" onClick={onRetry}>
            Try again
          </Button>
          <HomeButton />
        </>
      }
    />
  );
}

function LoadingScreen() {
  useDocumentTitle(HEALTH_TITLES.loading);
  return <HealthPanelSkeleton />;
}

export function HealthFormScreen({ token }: { token: string }) {
  const form = useHealthForm(token);
  let content;
  // A malformed link (no token) is not asked for: it is not found.
  if (token === '') content = <FailedScreen failure={{ kind: 'notFound' }} onRetry={() => undefined} />;
  else if (form.isPending) content = <LoadingScreen />;
  else if (form.isError)
    content = <FailedScreen failure={loadFailure(form.error)} onRetry={() => void form.refetch()} />;
  else content = <LoadedScreen token={token} page={form.data} />;
  return <HealthFrame>{content}</HealthFrame>;
}
