/**
 * A gift voucher's code and the button that sends it (docs/product.md §18.5), as on the Gift vouchers page's 'Check a
 * voucher' and the booking's 'Have a gift voucher?': typed in any case, with or without dashes (the server reads it).
 * The button sits beside the field from `sm` up and under it on a phone.
 */
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/labelled-field';

interface VoucherCodeFieldProps {
  label: string;
  submitLabel: string;
  value: string;
  onChange: (code: string) => void;
  error: string | undefined;
  /** While the code is being sent: the button waits. */
  pending: boolean;
}

export function VoucherCodeField({ label, submitLabel, value, onChange, error, pending }: VoucherCodeFieldProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <LabelledField label={label} error={error} className="min-w-0 flex-1">
        {(c) => (
          <Input
            {...c}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="GIFT-XXXX-XXXX-XXXX-XXXX"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </LabelledField>
      <Button type="submit" variant="outline" disabled={pending} className={error ? 'sm:mb-7' : undefined}>
        {submitLabel}
      </Button>
    </div>
  );
}
