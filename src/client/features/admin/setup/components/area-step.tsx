/**
 * Guided setup (c): her service area, saved through PATCH /api/admin/settings: practice.localTowns (any number) and
 * serviceArea.maxKm, extendedFromKm, extendedFeeCents, outsideLocalFeeCents. Fees are typed in dollars and sent in
 * cents; the server checks the rest (the extended range within the area) and names the field.
 */
import { useState, type FormEvent } from 'react';
import type { Settings, SettingsPatch } from '@shared/schemas/settings';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/labelled-field';
import { useSaveSettings } from '../api/save-settings';
import { stepErrors } from '../server-errors';
import { centsToDollars, dollarsToCents } from '../setup-steps';
import { StepFrame } from './step-frame';
import { LocalTownsEditor } from '../../shared/components/local-towns-editor';

type Field = 'maxKm' | 'extendedFromKm' | 'extendedFee' | 'outsideLocalFee' | 'localTowns';
const PATHS: Record<string, Field> = {
  'serviceArea.maxKm': 'maxKm',
  'serviceArea.extendedFromKm': 'extendedFromKm',
  'serviceArea.extendedFeeCents': 'extendedFee',
  'serviceArea.outsideLocalFeeCents': 'outsideLocalFee',
  'practice.localTowns': 'localTowns',
};

const wholeKm = (text: string): number | null => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null);

/** The form's text as the PATCH, or the first problem of each field. */
function readForm(values: Record<Exclude<Field, 'localTowns'>, string>, localTowns: string[]) {
  const problems: Partial<Record<Field, string>> = {};
  const maxKm = wholeKm(values.maxKm);
  const extendedFromKm = wholeKm(values.extendedFromKm);
  const extendedFeeCents = dollarsToCents(values.extendedFee);
  const outsideLocalFeeCents = dollarsToCents(values.outsideLocalFee);
  if (maxKm === null || maxKm < 1) problems.maxKm = 'Enter the distance in whole km (at least 1)';
  if (extendedFromKm === null) problems.extendedFromKm = 'Enter the distance in whole km';
  if (extendedFeeCents === null) problems.extendedFee = 'Enter an amount in dollars, e.g. 20 or 12.50';
  if (outsideLocalFeeCents === null) problems.outsideLocalFee = 'Enter an amount in dollars, e.g. 10 or 7.50';
  if (Object.keys(problems).length > 0) return { problems };
  const patch: SettingsPatch = {
    practice: { localTowns },
    serviceArea: {
      maxKm: maxKm!,
      extendedFromKm: extendedFromKm!,
      extendedFeeCents: extendedFeeCents!,
      outsideLocalFeeCents: outsideLocalFeeCents!,
    },
  };
  return { patch };
}

export function AreaStep({ settings, onNext }: { settings: Settings; onNext: () => void }) {
  const area = settings.serviceArea;
  const [values, setValues] = useState({
    maxKm: String(area.maxKm),
    extendedFromKm: String(area.extendedFromKm),
    extendedFee: centsToDollars(area.extendedFeeCents),
    outsideLocalFee: centsToDollars(area.outsideLocalFeeCents),
  });
  const [localTowns, setLocalTowns] = useState(settings.practice.localTowns);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const save = useSaveSettings();
  const refusal = save.isError ? stepErrors(save.error, PATHS) : null;
  const message = (field: Field) => problems[field] ?? refusal?.fields[field];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readForm(values, localTowns);
    setProblems(read.problems ?? {});
    if (read.patch) save.mutate(read.patch, { onSuccess: onNext });
  };
  const field = (name: Exclude<Field, 'localTowns'>, label: string, unit: string) => (
    <LabelledField label={label} error={message(name)}>
      {(control) => (
        <div className="flex items-center gap-2">
          {unit === '$' && <span aria-hidden>$</span>}
          <Input
            {...control}
            inputMode={unit === '$' ? 'decimal' : 'numeric'}
            className="w-28"
            value={values[name]}
            onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          />
          {unit === 'km' && <span className="text-sm text-muted-foreground">km</span>}
        </div>
      )}
    </LabelledField>
  );

  return (
    <StepFrame
      step="area"
      practiceName={settings.practice.name}
      description="How far you travel, and what a visit further away costs. Distances are driving distances from your base."
      onSubmit={submit}
      onLater={onNext}
      submitLabel="Save and continue"
      pendingLabel="Saving..."
      pending={save.isPending}
      formError={refusal?.form ?? null}
    >
      {field('maxKm', 'Furthest you travel', 'km')}
      <LocalTownsEditor towns={localTowns} onChange={setLocalTowns} error={message('localTowns')} />
      {field('outsideLocalFee', 'Travel fee outside your local towns', '$')}
      <div className="grid gap-5 sm:grid-cols-2">
        {field('extendedFromKm', 'A higher fee from', 'km')}
        {field('extendedFee', 'Higher fee', '$')}
      </div>
    </StepFrame>
  );
}
