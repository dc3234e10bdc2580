/**
 * Guided setup (a): her practice's name and how clients reach her, saved through PATCH /api/admin/settings
 * (practice.name, shortName, therapistName, email, phone) with the Settings form's own rules. The short name is the
 * header's and the installed app's: left as the install's, her site would carry another practice's name.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { practiceSettingsSchema, type Settings } from '@shared/schemas/settings';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/labelled-field';
import { useSaveSettings } from '../api/save-settings';
import { stepErrors } from '../server-errors';
import { StepFrame } from './step-frame';

const practiceStepSchema = practiceSettingsSchema.pick({
  name: true,
  shortName: true,
  therapistName: true,
  email: true,
  phone: true,
});
type PracticeValues = z.input<typeof practiceStepSchema>;
type Field = keyof PracticeValues;
const PATHS: Record<string, Field> = {
  'practice.name': 'name',
  'practice.shortName': 'shortName',
  'practice.therapistName': 'therapistName',
  'practice.email': 'email',
  'practice.phone': 'phone',
};

interface PracticeStepProps {
  settings: Settings;
  onNext: () => void;
}

export function PracticeStep({ settings, onNext }: PracticeStepProps) {
  const save = useSaveSettings();
  const { name, shortName, therapistName, email, phone } = settings.practice;
  const form = useForm<PracticeValues, unknown, z.output<typeof practiceStepSchema>>({
    resolver: zodResolver(practiceStepSchema),
    defaultValues: { name, shortName, therapistName, email, phone },
  });
  const { errors } = form.formState;
  const refusal = save.isError ? stepErrors(save.error, PATHS) : null;
  const message = (field: Field) => errors[field]?.message ?? refusal?.fields[field];
  const submit = form.handleSubmit((practice) => save.mutate({ practice }, { onSuccess: onNext }));

  return (
    <StepFrame
      step="practice"
      practiceName={settings.practice.name}
      description="How your practice appears on the site, in e-mails and on receipts. You can change all of this later in Settings."
      onSubmit={(event) => void submit(event)}
      onLater={onNext}
      submitLabel="Save and continue"
      pendingLabel="Saving..."
      pending={save.isPending}
      formError={refusal?.form ?? null}
    >
      <LabelledField label="Practice name" error={message('name')}>
        {(control) => <Input {...control} autoComplete="organization" {...form.register('name')} />}
      </LabelledField>
      <LabelledField label="Short name (the page header and the app icon)" error={message('shortName')}>
        {(control) => <Input {...control} {...form.register('shortName')} />}
      </LabelledField>
      <LabelledField label="Your name (the therapist)" error={message('therapistName')}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('therapistName')} />}
      </LabelledField>
      <LabelledField label="Contact e-mail" error={message('email')}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </LabelledField>
      <LabelledField label="Phone" error={message('phone')}>
        {(control) => <Input {...control} type="tel" autoComplete="tel" {...form.register('phone')} />}
      </LabelledField>
    </StepFrame>
  );
}
