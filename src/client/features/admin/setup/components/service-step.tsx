/**
 * Guided setup (e): her first service (name, length, price, a line about it), created with the Services tab's call
 * (POST /api/services); she adds more lengths, deposits and other services there. Then she lands in the dashboard.
 * A site that starts with one service (the example a production start writes) has it edited instead (PUT): its other
 * lengths stay, and no second service appears beside it.
 */
import { useState, type FormEvent } from 'react';
import { DURATION_STEP_MINUTES, MIN_DURATION_MINUTES } from '@shared/constants';
import { formatCents } from '@shared/money';
import { serviceInputSchema, type Service } from '@shared/schemas/service';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/labelled-field';
import { Textarea } from '@/components/ui/textarea';
import { useServices } from '@/lib/queries/get-services';
import { useCreateFirstService } from '../api/create-first-service';
import { useUpdateFirstService } from '../api/update-first-service';
import { stepErrors } from '../server-errors';
import { dollarsToCents } from '../setup-steps';
import { StepFrame } from './step-frame';

type Field = 'name' | 'duration' | 'price' | 'description';
const PATHS: Record<string, Field> = {
  name: 'name',
  description: 'description',
  'durationOptions.0.duration': 'duration',
  'durationOptions.0.price': 'price',
};
const DURATIONS = Array.from({ length: 6 }, (_, i) => MIN_DURATION_MINUTES + i * DURATION_STEP_MINUTES);
const SELECT_CLASS =
  'flex h-10 w-40 rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm';

interface StepProps {
  practiceName: string | undefined;
  onNext: () => void;
}

/** Waits for the site's services: with exactly one, that one is the service she edits. */
export function ServiceStep(props: StepProps) {
  const services = useServices();
  if (services.isPending) return null;
  const only = services.data?.length === 1 ? services.data[0]! : null;
  return <ServiceForm {...props} existing={only} />;
}

const startValues = (existing: Service | null) => {
  const first = existing?.durationOptions[0];
  const options = new Set(DURATIONS.map(String));
  return {
    name: existing?.name ?? '',
    duration: first && options.has(String(first.duration)) ? String(first.duration) : '60',
    price: first ? String(first.price / 100) : '',
    description: existing?.description ?? 'A relaxing massage in the comfort of your own home.',
  };
};

function ServiceForm({ practiceName, onNext, existing }: StepProps & { existing: Service | null }) {
  const [values, setValues] = useState(() => startValues(existing));
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const createService = useCreateFirstService();
  const updateService = useUpdateFirstService();
  const create = existing ? updateService : createService;
  const refusal = create.isError ? stepErrors(create.error, PATHS) : null;
  const message = (field: Field) => problems[field] ?? refusal?.fields[field];
  const set = (field: Field) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  // Her other lengths of the example stay (its 90 minutes), the one she sets first; the step names them, or clients
  // could book a length at a price she never saw.
  const others = (existing?.durationOptions ?? []).slice(1).filter((o) => o.duration !== Number(values.duration));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const price = dollarsToCents(values.price);
    const edited = { duration: Number(values.duration), price: price ?? -1 };
    const parsed = serviceInputSchema.safeParse({
      name: values.name,
      description: values.description,
      durationOptions: [edited, ...others],
    });
    const found: Partial<Record<Field, string>> = {};
    if (price === null) found.price = 'Enter the price in dollars, e.g. 95 or 89.50';
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = PATHS[issue.path.join('.')];
        if (field && !found[field]) found[field] = issue.message;
      }
    setProblems(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    if (existing) updateService.mutate({ id: existing.id, input: parsed.data }, { onSuccess: onNext });
    else createService.mutate(parsed.data, { onSuccess: onNext });
  };

  return (
    <StepFrame
      step="service"
      practiceName={practiceName}
      description="What clients can book. Add more lengths, deposits and other services later in Services."
      onSubmit={submit}
      onLater={onNext}
      submitLabel="Save and finish"
      pendingLabel="Saving..."
      pending={create.isPending}
      formError={refusal?.form ?? null}
    >
      <LabelledField label="Service name" error={message('name')}>
        {(control) => <Input {...control} value={values.name} onChange={set('name')} />}
      </LabelledField>
      <div className="grid gap-5 sm:grid-cols-2">
        <LabelledField label="Length" error={message('duration')}>
          {(control) => (
            <select {...control} className={SELECT_CLASS} value={values.duration} onChange={set('duration')}>
              {DURATIONS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} minutes
                </option>
              ))}
            </select>
          )}
        </LabelledField>
        <LabelledField label="Price" error={message('price')}>
          {(control) => (
            <div className="flex items-center gap-2">
              <span aria-hidden>$</span>
              <Input {...control} inputMode="decimal" className="w-28" value={values.price} onChange={set('price')} />
            </div>
          )}
        </LabelledField>
      </div>
      {others.length > 0 && (
        <p className="-mt-2 text-sm text-muted-foreground">
          Also offered: {others.map((o) => `${o.duration} minutes at ${formatCents(o.price)}`).join(', ')}. Change or
          remove {others.length === 1 ? 'it' : 'them'} later in Services.
        </p>
      )}
      <LabelledField label="Description" error={message('description')}>
        {(control) => <Textarea {...control} rows={3} value={values.description} onChange={set('description')} />}
      </LabelledField>
    </StepFrame>
  );
}
