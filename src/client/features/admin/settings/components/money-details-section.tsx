/**
 * Settings → Money details (docs/product.md §19): what her receipts and deposit requests print: her GST number (as IRD
 * writes it, checked with its check digit), the bank account clients pay into (bank, branch, account and suffix
 * checked), and her professional membership.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { Settings } from '@shared/schemas/settings';
import { Input } from '@/components/ui/input';
import {
  moneyDetailsFormSchema,
  moneyDetailsFormValues,
  type MoneyDetailsFormInput,
  type MoneyDetailsFormOutput,
} from '../settings-forms';
import { useSectionSave } from '../use-section-save';
import { SaveRow } from './save-row';
import { SettingsLoader } from './settings-loader';
import { SettingsField } from './settings-field';

const FIELDS = [
  'gstNumber',
  'bankAccount',
  'bankAccountName',
  'membershipBody',
  'membershipNumber',
] as const satisfies ReadonlyArray<keyof MoneyDetailsFormInput>;

function MoneyDetailsForm({ settings }: { settings: Settings }) {
  const form = useForm<MoneyDetailsFormInput, unknown, MoneyDetailsFormOutput>({
    resolver: zodResolver(moneyDetailsFormSchema),
    defaultValues: moneyDetailsFormValues(settings.practice),
  });
  const { onSubmit, saving, formError, errorCount } = useSectionSave({
    form,
    area: 'practice',
    settings,
    valuesOf: (s) => moneyDetailsFormValues(s.practice),
    fields: FIELDS,
    toPatch: (practice) => ({ practice }),
  });
  const { errors } = form.formState;
  const { register } = form;

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 grid gap-4 sm:grid-cols-2">
      <SettingsField
        label="GST number"
        hint="As IRD writes it, like 49-091-850, with or without spaces or dashes. Empty if you are not registered for GST."
        error={errors.gstNumber?.message}
      >
        {(control) => <Input inputMode="numeric" autoComplete="off" {...control} {...register('gstNumber')} />}
      </SettingsField>
      <div className="hidden sm:block" />
      <SettingsField
        label="Bank account"
        hint="Bank, branch, account and suffix, like 12-3456-0123456-00."
        error={errors.bankAccount?.message}
      >
        {(control) => <Input inputMode="numeric" autoComplete="off" {...control} {...register('bankAccount')} />}
      </SettingsField>
      <SettingsField label="Account name" hint="The name the account is in." error={errors.bankAccountName?.message}>
        {(control) => <Input autoComplete="off" {...control} {...register('bankAccountName')} />}
      </SettingsField>
      <SettingsField
        label="Professional body"
        hint="Like 'Massage New Zealand'."
        error={errors.membershipBody?.message}
      >
        {(control) => <Input {...control} {...register('membershipBody')} />}
      </SettingsField>
      <SettingsField label="Membership number" error={errors.membershipNumber?.message}>
        {(control) => <Input {...control} {...register('membershipNumber')} />}
      </SettingsField>
      <div className="sm:col-span-2">
        <SaveRow label="Save money details" saving={saving} errorCount={errorCount} formError={formError} />
      </div>
    </form>
  );
}

export function MoneyDetailsSection() {
  return (
    <SettingsLoader
      title="Money details"
      description="Printed on your receipts and deposit requests. Leave a box empty when it does not apply to you."
    >
      {(settings) => <MoneyDetailsForm settings={settings} />}
    </SettingsLoader>
  );
}
