/**
 * Settings → Booking rules (docs/product.md §9): how soon and how far ahead clients can book, the time kept
 * around visits, when an unanswered request lets its time go, the reminder e-mail and the change cut-off. They apply
 * to the times offered from the moment they are saved.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { Settings } from '@shared/schemas/settings';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { rulesFormSchema, rulesFormValues, type RulesFormInput, type RulesFormOutput } from '../settings-forms';
import { useSectionSave } from '../use-section-save';
import { SaveRow } from './save-row';
import { SettingsLoader } from './settings-loader';
import { SettingsField } from './settings-field';

const FIELDS = [
  'minNoticeHours',
  'horizonDays',
  'bufferMinutes',
  'setupMinutes',
  'pendingExpiryHours',
  'reminderHours',
  'changeCutoffHours',
] as const satisfies ReadonlyArray<keyof RulesFormInput>;

const number = { type: 'number', inputMode: 'decimal', className: 'sm:max-w-40' } as const;

function BookingRulesForm({ settings }: { settings: Settings }) {
  const form = useForm<RulesFormInput, unknown, RulesFormOutput>({
    resolver: zodResolver(rulesFormSchema),
    defaultValues: rulesFormValues(settings.rules),
  });
  const { onSubmit, saving, formError, errorCount } = useSectionSave({
    form,
    area: 'rules',
    settings,
    valuesOf: (s) => rulesFormValues(s.rules),
    fields: FIELDS,
    toPatch: (rules) => ({ rules }),
  });
  const { errors } = form.formState;
  const { register } = form;
  const reminderOn = form.watch('reminderOn');

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 grid gap-4 sm:grid-cols-2">
      <SettingsField
        label="Minimum notice (hours)"
        hint="The earliest a client can book: this many hours from now."
        error={errors.minNoticeHours?.message}
      >
        {(control) => <Input {...number} min={0} step="any" {...control} {...register('minNoticeHours')} />}
      </SettingsField>
      <SettingsField
        label="How far ahead (days)"
        hint="Clients can book up to this many days from today."
        error={errors.horizonDays?.message}
      >
        {(control) => <Input {...number} inputMode="numeric" min={1} {...control} {...register('horizonDays')} />}
      </SettingsField>
      <SettingsField
        label="Gap between visits (minutes)"
        hint="The least time between two visits, however short the drive."
        error={errors.bufferMinutes?.message}
      >
        {(control) => <Input {...number} inputMode="numeric" min={0} {...control} {...register('bufferMinutes')} />}
      </SettingsField>
      <SettingsField
        label="Setting up (minutes)"
        hint="Added to the drive between two visits, to pack up and set up."
        error={errors.setupMinutes?.message}
      >
        {(control) => <Input {...number} inputMode="numeric" min={0} {...control} {...register('setupMinutes')} />}
      </SettingsField>
      <SettingsField
        label="Unanswered requests expire after (hours)"
        hint="A request you have not answered lets its time go after this (or at its start)."
        error={errors.pendingExpiryHours?.message}
      >
        {(control) => <Input {...number} min={1} step="any" {...control} {...register('pendingExpiryHours')} />}
      </SettingsField>
      <SettingsField
        label="Change cut-off (hours)"
        hint="Inside this many hours before a visit, the client's link no longer cancels or moves it."
        error={errors.changeCutoffHours?.message}
      >
        {(control) => <Input {...number} min={0} step="any" {...control} {...register('changeCutoffHours')} />}
      </SettingsField>
      <div className="grid content-start gap-3 sm:col-span-2">
        <div className="flex items-center gap-3">
          <Controller
            control={form.control}
            name="reminderOn"
            render={({ field }) => (
              <Switch id="rules-reminder-on" checked={field.value} onCheckedChange={field.onChange} />
            )}
          />
          <Label htmlFor="rules-reminder-on">Send clients a reminder e-mail</Label>
        </div>
        {reminderOn ? (
          <SettingsField
            label="Reminder e-mail (hours before the visit)"
            error={errors.reminderHours?.message}
            className="sm:max-w-sm"
          >
            {(control) => <Input {...number} min={1} step="any" {...control} {...register('reminderHours')} />}
          </SettingsField>
        ) : null}
      </div>
      <div className="sm:col-span-2">
        <SaveRow label="Save booking rules" saving={saving} errorCount={errorCount} formError={formError} />
      </div>
    </form>
  );
}

export function BookingRulesSection() {
  return (
    <SettingsLoader
      title="Booking rules"
      description="Which times clients are offered, and what happens around a booking. Applies from the moment you save."
    >
      {(settings) => <BookingRulesForm settings={settings} />}
    </SettingsLoader>
  );
}
