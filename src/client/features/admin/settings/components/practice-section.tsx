/**
 * Settings → Your practice (docs/product.md §19): the names, texts and contact details the site, its
 * e-mails and receipts show, saved at once for every visitor.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { Settings } from '@shared/schemas/settings';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import {
  practiceFormSchema,
  practiceFormValues,
  type PracticeFormInput,
  type PracticeFormOutput,
} from '../settings-forms';
import { useSectionSave } from '../use-section-save';
import { firstMessage } from './first-message';
import { SaveRow } from './save-row';
import { SettingsLoader } from './settings-loader';
import { SettingsField } from './settings-field';

const FIELDS = [
  'name',
  'shortName',
  'tagline',
  'locality',
  'region',
  'intro',
  'blurb',
  'therapistName',
  'email',
  'phone',
  'socialUrl',
  'socialLabel',
  'businessAddress',
] as const satisfies ReadonlyArray<keyof PracticeFormInput>;

function PracticeForm({ settings }: { settings: Settings }) {
  const form = useForm<PracticeFormInput, unknown, PracticeFormOutput>({
    resolver: zodResolver(practiceFormSchema),
    defaultValues: practiceFormValues(settings.practice),
  });
  const { onSubmit, saving, formError, errorCount } = useSectionSave({
    form,
    area: 'practice',
    settings,
    valuesOf: (s) => practiceFormValues(s.practice),
    fields: FIELDS,
    toPatch: (practice) => ({ practice }),
  });
  const { errors } = form.formState;
  const { register } = form;

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 grid gap-4 md:grid-cols-2">
      <SettingsField label="Practice name" error={errors.name?.message}>
        {(control) => <Input autoComplete="organization" {...control} {...register('name')} />}
      </SettingsField>
      <SettingsField
        label="Short name"
        hint="In the header, and under the icon on your phone's home screen."
        error={errors.shortName?.message}
      >
        {(control) => <Input {...control} {...register('shortName')} />}
      </SettingsField>
      <SettingsField
        label="Tagline"
        hint="One line under the name at the top of the home page."
        error={errors.tagline?.message}
        className="md:col-span-2"
      >
        {(control) => <Input {...control} {...register('tagline')} />}
      </SettingsField>
      <SettingsField
        label="Area shown on the home page"
        hint="Like 'Paraparaumu, Kāpiti Coast'."
        error={errors.locality?.message}
      >
        {(control) => <Input {...control} {...register('locality')} />}
      </SettingsField>
      <SettingsField label="Region" hint="Like 'Wellington'." error={errors.region?.message}>
        {(control) => <Input {...control} {...register('region')} />}
      </SettingsField>
      <SettingsField
        label="Introduction"
        hint="On the home page. Leave a blank line between two paragraphs."
        error={firstMessage(errors.intro)}
        className="md:col-span-2"
      >
        {(control) => <Textarea rows={7} {...control} {...register('intro')} />}
      </SettingsField>
      <SettingsField
        label="Short description"
        hint="A sentence or two, in the footer of every page."
        error={errors.blurb?.message}
        className="md:col-span-2"
      >
        {(control) => <Textarea rows={3} {...control} {...register('blurb')} />}
      </SettingsField>
      <SettingsField label="Your name" hint="As clients know you." error={errors.therapistName?.message}>
        {(control) => <Input autoComplete="name" {...control} {...register('therapistName')} />}
      </SettingsField>
      <SettingsField label="Contact e-mail" error={errors.email?.message}>
        {(control) => <Input type="email" autoComplete="email" {...control} {...register('email')} />}
      </SettingsField>
      <SettingsField label="Contact phone" error={errors.phone?.message}>
        {(control) => <Input type="tel" autoComplete="tel" {...control} {...register('phone')} />}
      </SettingsField>
      <SettingsField
        label="Business address"
        hint="Printed on receipts; a PO Box is fine. Optional."
        error={errors.businessAddress?.message}
      >
        {(control) => <Input autoComplete="street-address" {...control} {...register('businessAddress')} />}
      </SettingsField>
      <SettingsField
        label="Social link"
        hint="Your Facebook or Instagram page, starting with https://. Optional."
        error={errors.socialUrl?.message}
      >
        {(control) => <Input type="url" inputMode="url" {...control} {...register('socialUrl')} />}
      </SettingsField>
      <SettingsField
        label="Social link name"
        hint="The link's words in the footer, like 'Facebook'."
        error={errors.socialLabel?.message}
      >
        {(control) => <Input {...control} {...register('socialLabel')} />}
      </SettingsField>
      <div className="md:col-span-2">
        <SaveRow label="Save practice details" saving={saving} errorCount={errorCount} formError={formError} />
      </div>
    </form>
  );
}

export function PracticeSection() {
  return (
    <SettingsLoader
      title="Your practice"
      description="How the site, its e-mails and receipts name your practice and you. Saved for every visitor at once."
    >
      {(settings) => <PracticeForm settings={settings} />}
    </SettingsLoader>
  );
}
