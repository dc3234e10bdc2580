/** The dialog's steps before a link is shown: loading, no feed, an active feed, and a confirmation. */
import { Loader2, PowerOff, RefreshCw, ShieldCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { createdOnText } from '../feed-link';
import { TEXTS } from '../texts';
import { useFocusOnMount } from './use-focus-on-mount';

export function FeedLoading() {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <p className="text-sm text-muted-foreground">{TEXTS.loading}</p>
      <div className="space-y-2" aria-hidden>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-9 w-40" />
      </div>
    </div>
  );
}

function PrivacyNote() {
  return (
    <p className="flex gap-2 rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground">
      <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{TEXTS.privacy}</span>
    </p>
  );
}

interface NoFeedProps {
  focus: boolean;
  busy: boolean;
  onCreate: () => void;
}

export function NoFeed({ focus, busy, onCreate }: NoFeedProps) {
  const ref = useFocusOnMount<HTMLParagraphElement>(focus);
  return (
    <div className="grid gap-4">
      <p ref={ref} tabIndex={-1} className="text-sm focus:outline-none">
        {TEXTS.intro}
      </p>
      <PrivacyNote />
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button type="button" onClick={onCreate} disabled={busy} aria-busy={busy || undefined}>
          {busy && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />}
          {busy ? TEXTS.creating : TEXTS.create}
        </Button>
      </div>
    </div>
  );
}

interface ActiveFeedProps {
  createdAt: string | null;
  focus: boolean;
  onRotate: () => void;
  onTurnOff: () => void;
}

export function ActiveFeed({ createdAt, focus, onRotate, onTurnOff }: ActiveFeedProps) {
  const ref = useFocusOnMount<HTMLParagraphElement>(focus);
  return (
    <div className="grid gap-4">
      <p ref={ref} tabIndex={-1} className="text-sm focus:outline-none">
        {createdOnText(createdAt)} {TEXTS.shownOnce}
      </p>
      <p className="text-sm text-muted-foreground">
        Lost it, or want to use it on another device? Create a new link and subscribe again.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onTurnOff}>
          <PowerOff aria-hidden />
          {TEXTS.turnOff}
        </Button>
        <Button type="button" onClick={onRotate}>
          <RefreshCw aria-hidden />
          {TEXTS.createNew}
        </Button>
      </div>
    </div>
  );
}

interface ConfirmStepProps {
  title: string;
  text: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A question in place of the step, rather than a dialog over the dialog. */
export function ConfirmStep({
  title,
  text,
  confirmLabel,
  busyLabel,
  busy,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmStepProps) {
  const ref = useFocusOnMount<HTMLHeadingElement>(true);
  return (
    <section aria-labelledby="calendar-feed-confirm-title" className="grid gap-3 rounded-md border p-4">
      <h3 id="calendar-feed-confirm-title" ref={ref} tabIndex={-1} className="font-semibold focus:outline-none">
        {title}
      </h3>
      <p className="text-sm text-muted-foreground">{text}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          {TEXTS.cancel}
        </Button>
        <Button
          type="button"
          variant={destructive ? 'destructive' : 'default'}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />}
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </section>
  );
}
