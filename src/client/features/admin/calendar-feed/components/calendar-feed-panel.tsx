/**
 * The dialog's body, one step at a time: loading or failed; no feed yet; an active feed (its date,
 * 'Create a new link', 'Turn off feed', each confirmed first); and, right after creating, the link
 * itself, shown this once.
 */
import { useState } from 'react';
import { ERROR_CODES } from '@shared/error-codes';
import { ApiError } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { toast } from '@/lib/toast';
import { LoadError } from '../../shared/components/load-error';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useTurnOffCalendarFeed } from '../api/turn-off-calendar-feed';
import { TEXTS, TOASTS } from '../texts';
import { ActiveFeed, ConfirmStep, FeedLoading, NoFeed } from './feed-steps';
import { NewFeedLink } from './new-feed-link';

/** The server's reason for a refusal (a 4xx code); for a crash (a 5xx code, or no code), our own words. */
const serverMessage = (error: unknown) =>
  error instanceof ApiError && error.code && ERROR_CODES[error.code].status < 500 ? error.body?.message : undefined;

type Confirming = 'rotate' | 'off' | null;

export function CalendarFeedPanel({ onDone }: { onDone: () => void }) {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  // After her first click each new step takes the focus (the button she pressed is gone).
  const [moved, setMoved] = useState(false);
  const go = (next: Confirming) => {
    setMoved(true);
    setConfirming(next);
  };

  const createLink = (rotated: boolean) =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        trackEvent('calendar_feed_created', { rotated });
        setMoved(true);
        setConfirming(null);
        // No toast: the link itself appears and takes the focus (a toast would also take the first Escape).
        setUrl(created.url);
      },
      onError: (error) =>
        toast({ title: 'Error', description: serverMessage(error) ?? TOASTS.createFailed, variant: 'destructive' }),
    });

  const turnOffFeed = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => {
        trackEvent('calendar_feed_turned_off');
        go(null);
        toast({ title: 'Success', description: TOASTS.turnedOff });
      },
      onError: (error) =>
        toast({ title: 'Error', description: serverMessage(error) ?? TOASTS.turnOffFailed, variant: 'destructive' }),
    });

  if (url) return <NewFeedLink url={url} onDone={onDone} />;
  if (confirming === 'rotate') {
    return (
      <ConfirmStep
        title={TEXTS.rotateTitle}
        text={TEXTS.rotateText}
        confirmLabel={TEXTS.rotateConfirm}
        busyLabel={TEXTS.creating}
        busy={create.isPending}
        onConfirm={() => createLink(true)}
        onCancel={() => go(null)}
      />
    );
  }
  if (confirming === 'off') {
    return (
      <ConfirmStep
        title={TEXTS.offTitle}
        text={TEXTS.offText}
        confirmLabel={TEXTS.offConfirm}
        busyLabel={TEXTS.turningOff}
        busy={turnOff.isPending}
        destructive
        onConfirm={turnOffFeed}
        onCancel={() => go(null)}
      />
    );
  }
  if (feed.data) {
    return feed.data.active ? (
      <ActiveFeed
        createdAt={feed.data.createdAt}
        focus={moved}
        onRotate={() => go('rotate')}
        onTurnOff={() => go('off')}
      />
    ) : (
      <NoFeed focus={moved} busy={create.isPending} onCreate={() => createLink(false)} />
    );
  }
  if (feed.isError)
    return <LoadError title={TEXTS.loadError} onRetry={() => void feed.refetch()} retrying={feed.isFetching} />;
  return <FeedLoading />;
}
