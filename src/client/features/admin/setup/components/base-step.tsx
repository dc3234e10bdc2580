/**
 * Guided setup (b): her base typed as an address and located ('Find': GET /api/admin/settings/locate), then shown
 * for her to check (the place found, its locality and coordinates, a link to it on OpenStreetMap) before it is saved
 * as practice.baseAddress and practice.base. Drives and travel fees are measured from it.
 */
import { ExternalLink, MapPin } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { locateQuerySchema, type LocatedPlace, type Settings } from '@shared/schemas/settings';
import { LabelledField } from '@/components/ui/labelled-field';
import { errorCode } from '@/lib/api';
import { AddressFindInput } from '../../shared/components/address-find-input';
import { useLocateAddress } from '../api/locate-address';
import { useSaveSettings } from '../api/save-settings';
import { coordinatesText, openStreetMapUrl } from '../../shared/located-place';
import { stepErrors } from '../server-errors';
import { StepFrame } from './step-frame';

export const NOT_FOUND_TEXT = 'No place found for this address: check its spelling, or add the suburb and town.';
export const FIND_FIRST_TEXT = 'Press Find to locate your address first.';

interface BaseStepProps {
  settings: Settings;
  onNext: () => void;
}

export function BaseStep({ settings, onNext }: BaseStepProps) {
  const saved = settings.practice;
  const [address, setAddress] = useState(saved.baseAddress ?? '');
  /** The place 'Find' answered for `locatedFor` (the address as it was then). */
  const [found, setFound] = useState<{ place: LocatedPlace; locatedFor: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const locate = useLocateAddress();
  const save = useSaveSettings();
  const refusal = save.isError
    ? stepErrors(save.error, { 'practice.baseAddress': 'address', 'practice.base': 'address' } as const)
    : null;
  const current = found && found.locatedFor === address.trim() ? found.place : null;

  const find = () => {
    const parsed = locateQuerySchema.shape.address.safeParse(address);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Enter an address');
      return;
    }
    setProblem(null);
    locate.mutate(parsed.data, {
      onSuccess: (place) => setFound({ place, locatedFor: address.trim() }),
      onError: (err) => {
        setFound(null);
        setProblem(
          errorCode(err) === 'NOT_FOUND' ? NOT_FOUND_TEXT : 'Could not look the address up. Please try again.',
        );
      },
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!current) {
      setProblem(FIND_FIRST_TEXT);
      return;
    }
    save.mutate(
      { practice: { baseAddress: address.trim(), base: { lat: current.lat, lon: current.lon } } },
      { onSuccess: onNext },
    );
  };

  return (
    <StepFrame
      step="base"
      practiceName={saved.name}
      description="The address you leave from for your visits. Drive times and travel fees are measured from here; clients never see it."
      onSubmit={submit}
      onLater={onNext}
      submitLabel="Save and continue"
      pendingLabel="Saving..."
      pending={save.isPending}
      formError={refusal?.form ?? null}
    >
      <LabelledField label="Base address" error={problem ?? refusal?.fields.address}>
        {(control) => (
          <AddressFindInput
            {...control}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            onFind={find}
            finding={locate.isPending}
          />
        )}
      </LabelledField>
      <div aria-live="polite">
        {current ? (
          <div className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm">
            <p className="flex items-start gap-2 font-medium">
              <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span className="min-w-0 break-words">Found: {current.label}</span>
            </p>
            <p className="text-muted-foreground">
              {current.locality ? `${current.locality} · ` : ''}
              {coordinatesText(current)}
            </p>
            <p className="pt-1">
              <a
                href={openStreetMapUrl(current)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
              >
                Check on OpenStreetMap
                <ExternalLink className="size-3.5" aria-hidden />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </p>
            <p className="text-muted-foreground">
              Is this your base? If not, add the suburb and town and press Find again.
            </p>
          </div>
        ) : saved.baseAddress ? (
          <p className="text-sm text-muted-foreground">
            Saved now: {saved.baseAddress} ({coordinatesText(saved.base)})
          </p>
        ) : null}
      </div>
    </StepFrame>
  );
}
