/**
 * Settings → Deposits (docs/product.md §18.2): whose bookings pay a service's deposit (every client's, or
 * first-time clients' only) and whether a cancellation she marks late keeps a deposit received. The amount is set on
 * each service (Services → Deposit). Applies to requests made from now on.
 */
import { Loader2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import type { DepositAppliesTo } from '@shared/deposits';
import type { MoneySettings } from '@shared/schemas/deposit';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useMoneySettings } from '../api/get-money-settings';
import { useSaveMoneySettings } from '../api/save-money-settings';

const APPLIES_TO: { value: DepositAppliesTo; label: string }[] = [
  { value: 'first-time', label: 'First-time clients only' },
  { value: 'everyone', label: 'Every client' },
];

export function DepositsSection() {
  const settings = useMoneySettings();
  const save = useSaveMoneySettings();
  const [draft, setDraft] = useState<MoneySettings>({ depositAppliesTo: 'first-time', keepDepositOnLateCancel: false });
  useEffect(() => {
    if (settings.data) setDraft(settings.data);
  }, [settings.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: () => toast({ title: 'Deposit settings saved' }),
      onError: (err) =>
        toast({
          title: 'Not saved',
          description: err instanceof ApiError ? err.body?.message : String(err),
          variant: 'destructive',
        }),
    });
  };

  return (
    <section aria-labelledby="deposits-heading" className="rounded-lg border bg-card p-4 text-card-foreground sm:p-6">
      <h3 id="deposits-heading" className="text-lg font-semibold">
        Deposits
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        A service with a deposit (set it under Services) asks it when the request is made: the client sees your bank
        account and a reference to quote. After the due time they get one reminder; the request is never declined for
        it: you decide.
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-4 sm:max-w-md">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Who pays a deposit</legend>
          {APPLIES_TO.map(({ value, label }) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="deposit-applies-to"
                value={value}
                checked={draft.depositAppliesTo === value}
                className="size-4 accent-primary"
                onChange={() => setDraft({ ...draft, depositAppliesTo: value })}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="flex items-start gap-3">
          <Switch
            id="deposit-keep-late"
            checked={draft.keepDepositOnLateCancel}
            onCheckedChange={(checked) => setDraft({ ...draft, keepDepositOnLateCancel: checked })}
          />
          <Label htmlFor="deposit-keep-late" className="leading-snug">
            Keep the deposit when I cancel a visit as a late cancellation
          </Label>
        </div>
        <div>
          <Button type="submit" disabled={save.isPending || settings.isLoading}>
            {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Save deposit settings
          </Button>
        </div>
      </form>
    </section>
  );
}
