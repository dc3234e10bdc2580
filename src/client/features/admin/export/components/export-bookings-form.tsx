/**
 * The export dialog's form: quick ranges, 'From' and 'To' (NZ calendar dates, both included),
 * which bookings, and 'Download CSV'. Messages show under their fields (docs/product.md §5 style).
 */
import { Download, Loader2, Route } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { BookingsExportInput, BookingsExportQuery, ExportStatus } from '@shared/schemas/export';
import { nzToday } from '@shared/time';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { EXPORT_PRESETS, matchingPreset, PRESET_LABELS, presetRange, type ExportPreset } from '../export-ranges';
import { TEXTS } from '../texts';

export type ExportForm = ReturnType<typeof useForm<BookingsExportInput, unknown, BookingsExportQuery>>;

const STATUS_LABELS: Record<ExportStatus, string> = { confirmed: TEXTS.confirmedOnly, all: TEXTS.allBookings };

interface ExportBookingsFormProps {
  form: ExportForm;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The mileage log of the same range (docs/product.md §10). */
  onMileage: () => void;
}

export function ExportBookingsForm({ form, busy, onSubmit, onMileage }: ExportBookingsFormProps) {
  const id = useId();
  const ids = {
    presets: `${id}-presets`,
    from: `${id}-from`,
    to: `${id}-to`,
    status: `${id}-status`,
    hint: `${id}-hint`,
  };
  const [today] = useState(() => nzToday());
  const { errors } = form.formState;
  const [from, to] = form.watch(['from', 'to']);
  const pressed = matchingPreset({ from, to }, today);

  const choose = (preset: ExportPreset) => {
    const range = presetRange(preset, today);
    form.setValue('from', range.from, { shouldValidate: form.formState.isSubmitted });
    form.setValue('to', range.to, { shouldValidate: form.formState.isSubmitted });
  };
  const describedBy = (field: 'from' | 'to') => (errors[field] ? `${ids[field]}-error` : undefined);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-2">
        <p id={ids.presets} className="text-sm font-medium">
          {TEXTS.presets}
        </p>
        <div role="group" aria-labelledby={ids.presets} className="flex flex-wrap gap-2">
          {EXPORT_PRESETS.map((preset) => (
            <Button
              key={preset}
              type="button"
              size="sm"
              variant={pressed === preset ? 'secondary' : 'outline'}
              aria-pressed={pressed === preset}
              onClick={() => choose(preset)}
            >
              {PRESET_LABELS[preset]}
            </Button>
          ))}
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        {(['from', 'to'] as const).map((field) => (
          <div key={field} className="grid content-start gap-2">
            <Label htmlFor={ids[field]}>{field === 'from' ? TEXTS.from : TEXTS.to}</Label>
            <Input
              id={ids[field]}
              type="date"
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={describedBy(field)}
              {...form.register(field)}
            />
            <FieldError id={`${ids[field]}-error`} message={errors[field]?.message} />
          </div>
        ))}
      </div>

      <Controller
        control={form.control}
        name="status"
        render={({ field }) => (
          <div className="grid gap-2">
            <Label htmlFor={ids.status}>{TEXTS.include}</Label>
            <Select value={field.value ?? 'confirmed'} onValueChange={field.onChange}>
              <SelectTrigger id={ids.status} onBlur={field.onBlur} aria-describedby={ids.hint}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(Object.keys(STATUS_LABELS) as ExportStatus[]).map((status) => (
                  <SelectItem key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FieldError id={`${ids.status}-error`} message={errors.status?.message} />
            <p id={ids.hint} className="text-sm text-muted-foreground">
              {TEXTS.confirmedHint} {TEXTS.nzDates}
            </p>
          </div>
        )}
      />

      <p className="text-sm text-muted-foreground">{TEXTS.mileageHint}</p>
      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" disabled={busy} onClick={onMileage}>
          <Route aria-hidden />
          {TEXTS.mileage}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? (
            <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />
          ) : (
            <Download aria-hidden />
          )}
          {busy ? TEXTS.downloading : TEXTS.download}
        </Button>
      </DialogFooter>
    </form>
  );
}
