/**
 * Settings → Card payments (docs/decisions/037-card-payments.md): she pastes her Stripe secret key and the
 * webhook's signing secret. They are saved sealed and never shown again: each says whether it is set, where from
 * (here or the server's environment) and its last 4 characters. With both, clients may pay deposits and balances by
 * card; bank transfer stays.
 */
import { Check, Copy, Loader2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  cardPaymentSettingsPatchSchema,
  type CardPaymentSettingsPatch,
  type KeyState,
} from '@shared/schemas/card-payments';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useCardPaymentSettings } from '../api/get-card-payment-settings';
import { useSaveCardPaymentSettings } from '../api/save-card-payment-settings';
import { SettingsCard } from './settings-card';
import { SettingsField } from './settings-field';

type Field = 'stripeSecretKey' | 'stripeWebhookSecret';
const FIELDS: { field: Field; label: string; placeholder: string }[] = [
  { field: 'stripeSecretKey', label: 'Stripe secret key', placeholder: 'sk_test_… or sk_live_…' },
  { field: 'stripeWebhookSecret', label: 'Webhook signing secret', placeholder: 'whsec_…' },
];

function stateText(state: KeyState): string {
  if (!state.set) return 'Not set';
  const where = state.source === 'environment' ? ' (from the server’s settings)' : '';
  return `Set, ending …${state.last4 ?? ''}${where}`;
}

export function CardPaymentsSection() {
  const settings = useCardPaymentSettings();
  const save = useSaveCardPaymentSettings();
  const [draft, setDraft] = useState<Record<Field, string>>({ stripeSecretKey: '', stripeWebhookSecret: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [copied, setCopied] = useState(false);
  const data = settings.data;

  const send = (patch: CardPaymentSettingsPatch, done: string) =>
    save.mutate(patch, {
      onSuccess: () => {
        setDraft({ stripeSecretKey: '', stripeWebhookSecret: '' });
        setErrors({});
        toast({ title: done });
      },
      onError: (err) => {
        const fields = err instanceof ApiError ? (err.body?.errors ?? []) : [];
        if (fields.length > 0) setErrors(Object.fromEntries(fields.map((f) => [f.path, f.message])));
        else toast({ title: 'Not saved', description: err instanceof ApiError ? err.body?.message : String(err) });
      },
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch: CardPaymentSettingsPatch = {};
    for (const { field } of FIELDS) if (draft[field].trim()) patch[field] = draft[field].trim();
    const parsed = cardPaymentSettingsPatchSchema.safeParse(patch);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    if (Object.keys(patch).length === 0) return setErrors({ stripeSecretKey: 'Paste a key to save' });
    send(parsed.data, 'Card payment keys saved');
  };

  const copyWebhookUrl = async () => {
    if (!data) return;
    await navigator.clipboard?.writeText(data.webhookUrl).catch(() => undefined);
    setCopied(true);
  };

  return (
    <SettingsCard
      title="Card payments"
      description="Clients can pay a deposit or a visit by card through Stripe, as well as by bank transfer. Paste your keys from Stripe's dashboard (Developers → API keys, and the webhook's signing secret). They are stored encrypted and never shown again."
    >
      {settings.isPending ? (
        <p role="status" className="mt-4 text-sm text-muted-foreground">
          Loading…
        </p>
      ) : data ? (
        <div className="mt-4 grid gap-4">
          <p className="text-sm font-medium" data-testid="card-payments-state">
            {data.enabled
              ? data.testMode
                ? 'Card payments are on, in test mode: no real money moves.'
                : 'Card payments are on.'
              : 'Card payments are off: both keys are needed.'}
          </p>
          <div className="grid gap-1 text-sm">
            <span className="font-medium">Webhook address to give Stripe</span>
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <code className="min-w-0 break-all rounded bg-muted px-2 py-1 text-xs">{data.webhookUrl}</code>
              <Button type="button" size="sm" variant="outline" onClick={() => void copyWebhookUrl()}>
                {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
            <span className="text-xs text-muted-foreground">
              Events to send: checkout.session.completed, payment_intent.succeeded, refund.created, refund.updated,
              refund.failed.
            </span>
          </div>
          <form onSubmit={submit} noValidate className="grid gap-4 sm:max-w-md">
            {FIELDS.map(({ field, label, placeholder }) => (
              <SettingsField key={field} label={label} hint={stateText(data[field])} error={errors[field]}>
                {(control) => (
                  <Input
                    {...control}
                    type="password"
                    autoComplete="off"
                    spellCheck={false}
                    placeholder={placeholder}
                    value={draft[field]}
                    onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
                  />
                )}
              </SettingsField>
            ))}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
                Save keys
              </Button>
              {(data.stripeSecretKey.source === 'settings' || data.stripeWebhookSecret.source === 'settings') && (
                <Button
                  type="button"
                  variant="outline"
                  disabled={save.isPending}
                  onClick={() =>
                    send({ stripeSecretKey: null, stripeWebhookSecret: null }, 'Card payment keys removed')
                  }
                >
                  Remove my keys
                </Button>
              )}
            </div>
          </form>
        </div>
      ) : (
        <p className="mt-4 text-sm text-destructive">The card payment settings could not be loaded.</p>
      )}
    </SettingsCard>
  );
}
