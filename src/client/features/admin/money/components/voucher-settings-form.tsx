/** Her voucher settings (docs/product.md §18.5): the amounts the page offers, massages or not, and the months a voucher
 * lasts. */
import { useState, type FormEvent } from 'react';
import { voucherSettingsInputSchema, type VoucherSettings } from '@shared/schemas/vouchers';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/labelled-field';
import { ApiError } from '@/lib/api';
import { useSaveVoucherSettings } from '../api/save-voucher-settings';
import { VOUCHER_TEXTS as T } from '../voucher-texts';

const dollarsOf = (cents: number[]) => cents.map((c) => (c % 100 === 0 ? String(c / 100) : (c / 100).toFixed(2)));

export function VoucherSettingsForm({ settings }: { settings: VoucherSettings }) {
  const [amounts, setAmounts] = useState(dollarsOf(settings.presetAmountsCents).join(', '));
  const [offerServices, setOfferServices] = useState(settings.offerServices);
  const [months, setMonths] = useState(String(settings.expiryMonths));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveVoucherSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      presetAmountsCents: amounts
        .split(/[,\s]+/)
        .filter(Boolean)
        .map((d) => Math.round(Number(d.replace(/^\$/, '')) * 100)),
      offerServices,
      expiryMonths: months.trim() === '' ? Number.NaN : Number(months),
    };
    const parsed = voucherSettingsInputSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
      return setErrors(next);
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: (saved) => setAmounts(dollarsOf(saved.presetAmountsCents).join(', ')),
      onError: (error) =>
        setErrors({ form: error instanceof ApiError && error.body ? error.body.message : error.message }),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={T.settings}>
      <LabelledField label={T.amounts} error={errors.presetAmountsCents}>
        {(c) => <Input {...c} inputMode="decimal" value={amounts} onChange={(e) => setAmounts(e.target.value)} />}
      </LabelledField>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={offerServices}
          onChange={(e) => setOfferServices(e.target.checked)}
        />
        {T.offerServices}
      </label>
      <LabelledField label={T.months} error={errors.expiryMonths} className="max-w-xs">
        {(c) => (
          <Input {...c} type="number" min={36} max={120} value={months} onChange={(e) => setMonths(e.target.value)} />
        )}
      </LabelledField>
      <FormAlert message={errors.form} />
      <div className="flex items-center gap-3">
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {T.saveSettings}
        </Button>
        {save.isSuccess && !save.isPending && (
          <span role="status" className="text-sm text-muted-foreground">
            {T.saved}
          </span>
        )}
      </div>
    </form>
  );
}
