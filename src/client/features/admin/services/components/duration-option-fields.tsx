/**
 * The service form's duration options (docs/product.md §5): minutes (minimum 30, step 30) and a
 * price typed in dollars. Non-numeric input shows as 0 once she leaves the field. The remove
 * control is hidden when one option is left; 'Add Duration Option' adds the last duration + 30
 * minutes at the last price x 1.5.
 */
import { Plus, Trash2 } from 'lucide-react';
import { DURATION_STEP_MINUTES, MIN_DURATION_MINUTES } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  normalizeDuration,
  normalizePrice,
  withAddedOption,
  withoutOption,
  type DraftErrors,
  type OptionDraft,
} from '../service-form';

interface DurationOptionFieldsProps {
  idPrefix: string;
  options: OptionDraft[];
  errors: DraftErrors;
  disabled: boolean;
  onChange: (options: OptionDraft[]) => void;
}

export function DurationOptionFields({ idPrefix, options, errors, disabled, onChange }: DurationOptionFieldsProps) {
  const update = (key: number, field: 'duration' | 'price', value: string) =>
    onChange(options.map((o) => (o.key === key ? { ...o, [field]: value } : o)));
  const listError = errors.durationOptions;
  const listErrorId = `${idPrefix}-options-error`;

  return (
    <fieldset className="grid gap-3" aria-describedby={listError ? listErrorId : undefined}>
      <legend className="mb-2 text-sm font-medium">Duration Options</legend>
      <ul className="grid gap-3">
        {options.map((option, index) => {
          const base = `${idPrefix}-option-${option.key}`;
          const durationError = errors[`durationOptions.${index}.duration`];
          const priceError = errors[`durationOptions.${index}.price`];
          return (
            <li
              key={option.key}
              className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-x-2 gap-y-1.5 rounded-md border bg-muted/30 p-3 sm:gap-x-3"
            >
              <div className="grid gap-1.5">
                <Label htmlFor={`${base}-duration`}>Duration (min)</Label>
                <Input
                  id={`${base}-duration`}
                  type="number"
                  inputMode="numeric"
                  min={MIN_DURATION_MINUTES}
                  step={DURATION_STEP_MINUTES}
                  value={option.duration}
                  disabled={disabled}
                  aria-invalid={durationError ? true : undefined}
                  aria-describedby={durationError ? `${base}-duration-error` : undefined}
                  onChange={(e) => update(option.key, 'duration', e.target.value)}
                  onBlur={(e) => update(option.key, 'duration', normalizeDuration(e.target.value))}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={`${base}-price`}>Price ($)</Label>
                <Input
                  id={`${base}-price`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  // Cent-sized spin buttons help nobody and squeeze the amount on a phone.
                  className="[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
                  value={option.price}
                  disabled={disabled}
                  aria-invalid={priceError ? true : undefined}
                  aria-describedby={priceError ? `${base}-price-error` : undefined}
                  onChange={(e) => update(option.key, 'price', e.target.value)}
                  onBlur={(e) => update(option.key, 'price', normalizePrice(e.target.value))}
                />
              </div>
              {options.length > 1 ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="mt-5 text-red-700 hover:text-red-800 dark:text-red-300 dark:hover:text-red-200"
                  aria-label={`Remove option ${index + 1}`}
                  disabled={disabled}
                  onClick={() => onChange(withoutOption(options, option.key))}
                >
                  <Trash2 aria-hidden />
                </Button>
              ) : (
                <span className="size-10" aria-hidden />
              )}
              <div className="col-span-3 grid gap-1 empty:hidden">
                <FieldError id={`${base}-duration-error`} message={durationError} />
                <FieldError id={`${base}-price-error`} message={priceError} />
              </div>
            </li>
          );
        })}
      </ul>
      <FieldError id={listErrorId} message={listError} />
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={disabled}
        onClick={() => onChange(withAddedOption(options))}
      >
        <Plus aria-hidden />
        Add Duration Option
      </Button>
    </fieldset>
  );
}
