/**
 * Settings → Where you work from (decision 035): her base typed as an address and located by 'Find' (the position
 * drives and travel fees are measured from), checked without map tiles: what was found, its coordinates, a link to
 * OpenStreetMap and how far it is from the base saved now. Saving sends the address and its position together, with
 * the towns she treats as local.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, MapPin, Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { locateQuerySchema, type LocatedPlace, type Settings } from '@shared/schemas/settings';
import { Button } from '@/components/ui/button';
import { errorCode } from '@/lib/api';
import { AddressFindInput } from '../../shared/components/address-find-input';
import { useLocateAddress } from '../api/locate-address';
import { coordinatesText, distanceFromSavedText, openStreetMapUrl } from '../../shared/located-place';
import { baseFormSchema, baseFormValues, type BaseFormInput, type BaseFormOutput } from '../settings-forms';
import { useSectionSave } from '../use-section-save';
import { firstMessage } from './first-message';
import { LocalTownsEditor } from '../../shared/components/local-towns-editor';
import { SaveRow } from './save-row';
import { SettingsLoader } from './settings-loader';
import { SettingsField } from './settings-field';

const FIELDS = ['baseAddress', 'localTowns'] as const satisfies ReadonlyArray<keyof BaseFormInput>;
const NOT_FOUND_TEXT = 'No place found for this address: check its spelling, or add the suburb and town.';

function BaseForm({ settings }: { settings: Settings }) {
  /** The place 'Find' answered, until the form is saved. */
  const [found, setFound] = useState<LocatedPlace | null>(null);
  const form = useForm<BaseFormInput, unknown, BaseFormOutput>({
    resolver: zodResolver(baseFormSchema),
    defaultValues: baseFormValues(settings.practice),
  });
  const { onSubmit, saving, formError, errorCount } = useSectionSave({
    form,
    area: 'practice',
    settings,
    valuesOf: (s) => baseFormValues(s.practice),
    fields: FIELDS,
    aliases: { base: 'baseAddress' },
    toPatch: (practice) => ({ practice }),
    onSaved: () => setFound(null),
  });
  const locate = useLocateAddress();
  const { errors } = form.formState;
  const saved = settings.practice.base;
  const base = form.watch('base');
  const localTowns = form.watch('localTowns');

  const find = () => {
    const address = locateQuerySchema.shape.address.safeParse(form.getValues('baseAddress'));
    if (!address.success) {
      form.setError('baseAddress', { message: address.error.issues[0]?.message }, { shouldFocus: true });
      return;
    }
    form.clearErrors('baseAddress');
    locate.mutate(address.data, {
      onSuccess: (place) => {
        setFound(place);
        form.setValue('base', { lat: place.lat, lon: place.lon }, { shouldDirty: true });
        form.setValue('locatedFor', address.data, { shouldDirty: true });
      },
      onError: (err) => {
        setFound(null);
        form.setError(
          'baseAddress',
          { message: errorCode(err) === 'NOT_FOUND' ? NOT_FOUND_TEXT : `Not found: ${err.message}` },
          { shouldFocus: true },
        );
      },
    });
  };
  const addressField = form.register('baseAddress');
  const foundLocality = found?.locality ?? null;
  const canAddLocality =
    foundLocality !== null && !localTowns.some((t) => t.toLowerCase() === foundLocality.toLowerCase());

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 grid gap-6">
      <div className="grid gap-3 sm:max-w-xl">
        <SettingsField
          label="Base address"
          hint="The address you leave from. Type it, then press Find to check where it is."
          error={errors.baseAddress?.message}
        >
          {(control) => <AddressFindInput {...control} {...addressField} onFind={find} finding={locate.isPending} />}
        </SettingsField>
        <div aria-live="polite" className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm">
          <p className="flex items-start gap-2 font-medium">
            <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span className="min-w-0 break-words">{found ? `Found: ${found.label}` : 'Your saved base'}</span>
          </p>
          {found ? <p className="text-muted-foreground">Locality: {found.locality ?? 'none named'}</p> : null}
          <p className="text-muted-foreground">{coordinatesText(found ?? base)}</p>
          {found ? <p className="text-muted-foreground">{distanceFromSavedText(found, saved)}</p> : null}
          <p className="flex flex-wrap items-center gap-x-4 gap-y-2 pt-1">
            <a
              href={openStreetMapUrl(found ?? base)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              Check on OpenStreetMap
              <ExternalLink className="size-3.5" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            {found && canAddLocality ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() =>
                  form.setValue('localTowns', [...localTowns, foundLocality], {
                    shouldDirty: true,
                    shouldValidate: form.formState.isSubmitted,
                  })
                }
              >
                <Plus aria-hidden />
                Add {foundLocality} to local towns
              </Button>
            ) : null}
          </p>
          {found ? (
            <p className="text-xs text-muted-foreground">
              Not saved yet: press &lsquo;Save where you work from&rsquo;.
            </p>
          ) : null}
        </div>
      </div>
      <Controller
        control={form.control}
        name="localTowns"
        render={({ field }) => (
          <LocalTownsEditor
            towns={field.value}
            onChange={field.onChange}
            error={firstMessage(errors.localTowns)}
            disabled={saving}
          />
        )}
      />
      <SaveRow label="Save where you work from" saving={saving} errorCount={errorCount} formError={formError} />
    </form>
  );
}

export function BaseSection() {
  return (
    <SettingsLoader
      title="Where you work from"
      description="Drives to your visits and travel fees are measured from your base."
    >
      {(settings) => <BaseForm settings={settings} />}
    </SettingsLoader>
  );
}
