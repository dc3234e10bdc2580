/**
 * Settings → Service area and travel fees (docs/product.md §5 "Travel fee"): how far she goes and what
 * travel costs, in km and dollars (cents on the wire), with a sentence that says what a visitor will be asked as she
 * types. The free towns are those of 'Where you work from'.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { Settings } from '@shared/schemas/settings';
import { Input } from '@/components/ui/input';
import { serviceAreaSentence } from '../service-area-sentence';
import {
  serviceAreaFormSchema,
  serviceAreaFormValues,
  typedServiceArea,
  type ServiceAreaFormInput,
  type ServiceAreaFormOutput,
} from '../settings-forms';
import { useSectionSave } from '../use-section-save';
import { SaveRow } from './save-row';
import { SettingsLoader } from './settings-loader';
import { SettingsField } from './settings-field';

const FIELDS = ['maxKm', 'extendedFromKm', 'outsideLocalFeeCents', 'extendedFeeCents'] as const satisfies ReadonlyArray<
  keyof ServiceAreaFormInput
>;

/** A box with its unit beside it ('km', '$'), the unit read with the label. */
function UnitInput({
  unit,
  before = false,
  ...props
}: React.ComponentProps<'input'> & { unit: string; before?: boolean }) {
  return (
    <div className="flex items-center gap-2">
      {before ? (
        <span className="text-sm text-muted-foreground" aria-hidden>
          {unit}
        </span>
      ) : null}
      <Input inputMode="decimal" className="w-28" {...props} />
      {before ? null : (
        <span className="text-sm text-muted-foreground" aria-hidden>
          {unit}
        </span>
      )}
    </div>
  );
}

function ServiceAreaForm({ settings }: { settings: Settings }) {
  const schema = useMemo(() => serviceAreaFormSchema(settings), [settings]);
  const form = useForm<ServiceAreaFormInput, unknown, ServiceAreaFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: serviceAreaFormValues(settings.serviceArea),
  });
  const { onSubmit, saving, formError, errorCount } = useSectionSave({
    form,
    area: 'serviceArea',
    settings,
    valuesOf: (s) => serviceAreaFormValues(s.serviceArea),
    fields: FIELDS,
    toPatch: (serviceArea) => ({ serviceArea }),
  });
  const { errors } = form.formState;
  const { register } = form;
  const typed = typedServiceArea(form.watch());

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SettingsField
          label="Service area (km)"
          hint="No bookings further than this from your base."
          error={errors.maxKm?.message}
        >
          {(control) => <UnitInput unit="km" {...control} {...register('maxKm')} />}
        </SettingsField>
        <SettingsField
          label="Extended range from (km)"
          hint="Beyond this, the extended range fee."
          error={errors.extendedFromKm?.message}
        >
          {(control) => <UnitInput unit="km" {...control} {...register('extendedFromKm')} />}
        </SettingsField>
        <SettingsField
          label="Travel fee outside local towns ($)"
          hint="Up to the extended range. 0 for none."
          error={errors.outsideLocalFeeCents?.message}
        >
          {(control) => <UnitInput unit="$" before {...control} {...register('outsideLocalFeeCents')} />}
        </SettingsField>
        <SettingsField
          label="Extended range fee ($)"
          hint="From the extended range to the service area's edge."
          error={errors.extendedFeeCents?.message}
        >
          {(control) => <UnitInput unit="$" before {...control} {...register('extendedFeeCents')} />}
        </SettingsField>
      </div>
      <p role="status" className="rounded-md border bg-muted/40 p-3 text-sm">
        <span className="font-medium">What visitors pay: </span>
        {typed
          ? serviceAreaSentence(typed, settings.practice.localTowns)
          : 'Fill in each box with an amount to see it.'}
      </p>
      <SaveRow label="Save service area" saving={saving} errorCount={errorCount} formError={formError} />
    </form>
  );
}

export function ServiceAreaSection() {
  return (
    <SettingsLoader
      title="Service area and travel fees"
      description="How far you go, and what a visit outside your local towns costs in travel. A visitor sees the fee before booking."
    >
      {(settings) => <ServiceAreaForm settings={settings} />}
    </SettingsLoader>
  );
}
