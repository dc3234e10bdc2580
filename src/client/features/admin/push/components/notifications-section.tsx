/**
 * Settings → Notifications (docs/product.md §15): turn pushes on for this phone (her permission, then a subscription
 * with the server's key), choose which kinds she gets, send a test, turn them off here. A browser without push, or one
 * where she blocked notifications, is told so in words with what to do.
 */
import { useEffect, useState } from 'react';
import type { PushPreferences } from '@shared/schemas/push';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/lib/toast';
import { LoadError } from '../../shared/components/load-error';
import { usePushSettings } from '../api/get-push-settings';
import { useSendTestPush } from '../api/send-test-push';
import { useSubscribePush } from '../api/subscribe-push';
import { useUnsubscribePush } from '../api/unsubscribe-push';
import { useUpdatePushPreferences } from '../api/update-push-preferences';
import {
  currentSubscription,
  PushSetupError,
  pushSupport,
  subscribeThisBrowser,
  type PushSupport,
} from '../browser-push';

const KINDS: { key: keyof PushPreferences; label: string; hint: string }[] = [
  { key: 'newRequest', label: 'New booking requests', hint: 'A visitor asks for a time' },
  { key: 'clientCancellation', label: 'Cancellations by clients', hint: 'A client cancels through their link' },
  { key: 'waitlistAcceptance', label: 'Waitlist bookings', hint: 'Someone on the waitlist takes a freed time' },
  { key: 'checkIn', label: 'Check-in alerts', hint: 'A visit runs past its end and the grace time' },
];

const failed = (error: unknown, fallback: string) =>
  toast({
    title: 'Error',
    description: error instanceof PushSetupError ? error.message : fallback,
    variant: 'destructive',
  });

export function NotificationsSection() {
  const settings = usePushSettings();
  const subscribe = useSubscribePush();
  const unsubscribe = useUnsubscribePush();
  const preferences = useUpdatePushPreferences();
  const test = useSendTestPush();
  const [support, setSupport] = useState<PushSupport>('supported');
  /** This browser's endpoint, when it is subscribed. */
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setSupport(pushSupport());
    currentSubscription()
      .then((s) => setEndpoint(s?.endpoint ?? null))
      .catch(() => setEndpoint(null));
  }, []);

  const data = settings.data;
  const here = data && endpoint ? data.subscriptions.find((s) => s.endpoint === endpoint) : undefined;

  async function turnOn() {
    if (!data) return;
    setBusy(true);
    try {
      const subscription = await subscribeThisBrowser(data.publicKey);
      await subscribe.mutateAsync(subscription);
      setEndpoint(subscription.endpoint);
      toast({ title: 'Success', description: 'Notifications are on for this phone.' });
    } catch (error) {
      setSupport(pushSupport());
      failed(error, 'Could not turn notifications on. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      const subscription = await currentSubscription();
      const gone = subscription?.endpoint ?? endpoint;
      await subscription?.unsubscribe();
      if (gone) await unsubscribe.mutateAsync(gone);
      setEndpoint(null);
      toast({ title: 'Success', description: 'Notifications are off for this phone.' });
    } catch (error) {
      failed(error, 'Could not turn notifications off. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  function sendTest() {
    test.mutate(undefined, {
      onSuccess: ({ queued }) =>
        toast({
          title: queued > 0 ? 'Test sent' : 'No phone yet',
          description:
            queued > 0
              ? `A test notification is on its way to ${queued === 1 ? 'your phone' : `${queued} devices`}.`
              : 'Turn notifications on on a phone first.',
        }),
      onError: (error) => failed(error, 'Could not send a test notification. Please try again.'),
    });
  }

  function toggle(key: keyof PushPreferences, on: boolean) {
    if (!data) return;
    preferences.mutate(
      { ...data.preferences, [key]: on },
      { onError: (error) => failed(error, 'Could not save that switch. Please try again.') },
    );
  }

  return (
    <Card aria-labelledby="notifications-heading">
      <CardHeader>
        <CardTitle id="notifications-heading">Notifications</CardTitle>
        <CardDescription>
          Your phone tells you within seconds. A notification shows the service, day, time and suburb, never a client’s
          name or health details.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {settings.isError ? (
          <LoadError
            title="Could not load the notification settings"
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : !data ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : (
          <>
            <ThisPhone
              support={support}
              subscribed={Boolean(here)}
              busy={busy}
              onTurnOn={() => void turnOn()}
              onTurnOff={() => void turnOff()}
            />
            <fieldset className="space-y-3">
              <legend className="text-sm font-semibold">Notify me about</legend>
              {KINDS.map((kind) => (
                <div key={kind.key} className="flex items-center justify-between gap-4">
                  <div>
                    <Label htmlFor={`push-${kind.key}`}>{kind.label}</Label>
                    <p className="text-xs text-muted-foreground">{kind.hint}</p>
                  </div>
                  <Switch
                    id={`push-${kind.key}`}
                    checked={data.preferences[kind.key]}
                    onCheckedChange={(on) => toggle(kind.key, on)}
                  />
                </div>
              ))}
            </fieldset>
            <div className="space-y-2">
              <Button
                type="button"
                variant="outline"
                onClick={sendTest}
                disabled={test.isPending || data.subscriptions.length === 0}
              >
                {test.isPending ? 'Sending…' : 'Send a test notification'}
              </Button>
              <p className="text-xs text-muted-foreground" data-testid="push-devices">
                {data.subscriptions.length === 0
                  ? 'No phone receives notifications yet.'
                  : `Receiving: ${data.subscriptions
                      .map((s) => `${s.label ?? 'A device'}${s.endpoint === endpoint ? ' (this phone)' : ''}`)
                      .join(', ')}`}
              </p>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

interface ThisPhoneProps {
  support: PushSupport;
  subscribed: boolean;
  busy: boolean;
  onTurnOn: () => void;
  onTurnOff: () => void;
}

function ThisPhone({ support, subscribed, busy, onTurnOn, onTurnOff }: ThisPhoneProps) {
  if (support === 'unsupported') {
    return (
      <p role="status" className="rounded-md border p-3 text-sm">
        This browser cannot receive notifications. On an iPhone, add this dashboard to your Home Screen first (Share,
        then Add to Home Screen) and open it from there; on Android, use Chrome or Firefox.
      </p>
    );
  }
  if (support === 'denied') {
    return (
      <p role="status" className="rounded-md border p-3 text-sm">
        Notifications are blocked for this site. Allow them in the browser’s site settings (the icon beside the
        address), then reload this page.
      </p>
    );
  }
  return subscribed ? (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm" role="status">
        Notifications are on for this phone.
      </p>
      <Button type="button" variant="outline" onClick={onTurnOff} disabled={busy}>
        {busy ? 'Turning off…' : 'Turn off on this phone'}
      </Button>
    </div>
  ) : (
    <Button type="button" onClick={onTurnOn} disabled={busy}>
      {busy ? 'Turning on…' : 'Turn on notifications on this phone'}
    </Button>
  );
}
