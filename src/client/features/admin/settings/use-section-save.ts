/**
 * What every Settings section does with its form (docs/product.md §19): PATCH only its own part, show a refusal's
 * messages under the fields its `errors[].path` names (the first one focused), 'Settings saved' on success, and follow
 * the saved values: after its own save (the server's forms, e.g. a GST number as IRD prints it) and when another device
 * changed them (fields she is editing are kept).
 */
import { useEffect, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { Settings, SettingsPatch } from '@shared/schemas/settings';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSaveSettings } from './api/save-settings';
import { fieldOfPath, type SettingsArea } from './settings-forms';

interface SectionSaveOptions<TIn extends FieldValues, TOut> {
  form: UseFormReturn<TIn, unknown, TOut>;
  area: SettingsArea;
  /** The form's values from saved settings. */
  valuesOf: (settings: Settings) => TIn;
  settings: Settings;
  /** The form's fields, to which the server's paths are mapped; `aliases` maps others ('base' -> 'baseAddress'). */
  fields: ReadonlyArray<Path<TIn>>;
  aliases?: Partial<Record<string, Path<TIn>>>;
  toPatch: (values: TOut) => SettingsPatch;
  /** After the save and the form's reset. */
  onSaved?: (saved: Settings) => void;
}

export function useSectionSave<TIn extends FieldValues, TOut>({
  form,
  area,
  valuesOf,
  settings,
  fields,
  aliases,
  toPatch,
  onSaved,
}: SectionSaveOptions<TIn, TOut>) {
  const save = useSaveSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const values = valuesOf(settings);
  const valuesKey = JSON.stringify(values);
  const { reset } = form;
  useEffect(() => {
    reset(JSON.parse(valuesKey) as TIn, { keepDirtyValues: true });
  }, [valuesKey, reset]);

  const onSubmit = form.handleSubmit((output) => {
    setFormError(null);
    save.mutate(toPatch(output), {
      onSuccess: (saved) => {
        reset(valuesOf(saved));
        onSaved?.(saved);
        toast({ title: 'Settings saved' });
      },
      onError: (err) => {
        const elsewhere: string[] = [];
        let first = true;
        for (const e of err instanceof ApiError ? err.fieldErrors : []) {
          const field = fieldOfPath(e.path, area, fields, aliases);
          if (field === null) elsewhere.push(e.message);
          else form.setError(field, { message: e.message }, { shouldFocus: first });
          if (field !== null) first = false;
        }
        const message = err instanceof ApiError ? (err.body?.message ?? err.message) : String(err);
        setFormError(
          elsewhere.length > 0 ? `Not saved: ${elsewhere.join(' ')}` : first ? `Not saved: ${message}` : null,
        );
        toast({ title: 'Not saved', description: message, variant: 'destructive' });
      },
    });
  });

  const errorCount = Object.keys(form.formState.errors).length;
  return { onSubmit, saving: save.isPending, formError, errorCount };
}
