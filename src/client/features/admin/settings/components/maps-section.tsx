/**
 * Settings → Drives and maps (docs/product.md §10 "Where the distance comes from"): the OpenStreetMap
 * geocoder and router her drives and fees come from without a paid key (the public servers within their usage policy,
 * or her own), and the User-Agent they are sent with. Empty: the offline estimate. A Google key set on the server
 * still comes first.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { Settings } from '@shared/schemas/settings';
import { Input } from '@/components/ui/input';
import { mapsFormSchema, mapsFormValues, type MapsFormInput, type MapsFormOutput } from '../settings-forms';
import { useSectionSave } from '../use-section-save';
import { SaveRow } from './save-row';
import { SettingsField } from './settings-field';
import { SettingsLoader } from './settings-loader';

const FIELDS = ['geocoderUrl', 'geocoderKind', 'routerUrl', 'routerKind', 'userAgent'] as const satisfies ReadonlyArray<
  keyof MapsFormInput
>;

const SELECT_CLASS =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive sm:text-sm';

function MapsForm({ settings }: { settings: Settings }) {
  const form = useForm<MapsFormInput, unknown, MapsFormOutput>({
    resolver: zodResolver(mapsFormSchema),
    defaultValues: mapsFormValues(settings.maps),
  });
  const { onSubmit, saving, formError, errorCount } = useSectionSave({
    form,
    area: 'maps',
    settings,
    valuesOf: (s) => mapsFormValues(s.maps),
    fields: FIELDS,
    toPatch: (maps) => ({ maps }),
  });
  const { errors } = form.formState;
  const { register } = form;

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 grid gap-4 md:grid-cols-[2fr_1fr]">
      <SettingsField
        label="Address finder (geocoder)"
        hint="Nominatim, like https://nominatim.openstreetmap.org, or Photon, like https://photon.komoot.io. Empty: none."
        error={errors.geocoderUrl?.message}
      >
        {(control) => <Input type="url" inputMode="url" autoComplete="off" {...control} {...register('geocoderUrl')} />}
      </SettingsField>
      <SettingsField label="Geocoder kind" error={errors.geocoderKind?.message}>
        {(control) => (
          <select className={SELECT_CLASS} {...control} {...register('geocoderKind')}>
            <option value="">Told by the address</option>
            <option value="nominatim">Nominatim</option>
            <option value="photon">Photon</option>
          </select>
        )}
      </SettingsField>
      <SettingsField
        label="Road distances (router)"
        hint="For travel fees and the drives between your visits. OSRM, like https://router.project-osrm.org, or Valhalla. Empty: estimates."
        error={errors.routerUrl?.message}
      >
        {(control) => <Input type="url" inputMode="url" autoComplete="off" {...control} {...register('routerUrl')} />}
      </SettingsField>
      <SettingsField label="Router kind" error={errors.routerKind?.message}>
        {(control) => (
          <select className={SELECT_CLASS} {...control} {...register('routerKind')}>
            <option value="">Told by the address</option>
            <option value="osrm">OSRM</option>
            <option value="valhalla">Valhalla</option>
          </select>
        )}
      </SettingsField>
      <SettingsField
        label="User-Agent"
        hint="Sent with every request: the public servers ask for one naming your site and a contact. Empty: the site's own."
        error={errors.userAgent?.message}
        className="md:col-span-2"
      >
        {(control) => <Input autoComplete="off" {...control} {...register('userAgent')} />}
      </SettingsField>
      <div className="md:col-span-2">
        <SaveRow label="Save drives and maps" saving={saving} errorCount={errorCount} formError={formError} />
      </div>
    </form>
  );
}

export function MapsSection() {
  return (
    <SettingsLoader
      title="Drives and maps"
      description="Where addresses are found and road distances come from, without a paid key: OpenStreetMap's public servers (one request a second, every answer kept) or your own. With neither, drives are estimated from the straight line and marked as estimates."
    >
      {(settings) => <MapsForm settings={settings} />}
    </SettingsLoader>
  );
}
