/**
 * The service form's 'Deposit' (docs/product.md §18.2): none, an amount in dollars, or a percentage of
 * the price. Whose bookings pay it (everyone or first-time clients) is her setting in Settings → Deposits.
 */
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { normalizePrice, type DepositDraft, type DraftErrors } from '../service-form';

interface DepositFieldsProps {
  idPrefix: string;
  deposit: DepositDraft;
  errors: DraftErrors;
  disabled: boolean;
  onChange: (deposit: DepositDraft) => void;
}

const KINDS: { kind: DepositDraft['kind']; label: string }[] = [
  { kind: 'none', label: 'None' },
  { kind: 'amount', label: 'Amount' },
  { kind: 'percent', label: 'Percent of price' },
];

export function DepositFields({ idPrefix, deposit, errors, disabled, onChange }: DepositFieldsProps) {
  const base = `${idPrefix}-deposit`;
  const error = deposit.kind === 'amount' ? errors.depositCents : errors.depositPercent;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Deposit</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {KINDS.map(({ kind, label }) => (
          <label key={kind} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${base}-kind`}
              value={kind}
              checked={deposit.kind === kind}
              disabled={disabled}
              className="size-4 accent-primary"
              onChange={() => onChange({ ...deposit, kind })}
            />
            {label}
          </label>
        ))}
      </div>
      {deposit.kind === 'amount' && (
        <div className="grid gap-1.5 sm:max-w-48">
          <Label htmlFor={`${base}-amount`}>Deposit ($)</Label>
          <Input
            id={`${base}-amount`}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            value={deposit.amount}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${base}-error` : undefined}
            onChange={(e) => onChange({ ...deposit, amount: e.target.value })}
            onBlur={() => onChange({ ...deposit, amount: normalizePrice(deposit.amount) })}
          />
        </div>
      )}
      {deposit.kind === 'percent' && (
        <div className="grid gap-1.5 sm:max-w-48">
          <Label htmlFor={`${base}-percent`}>Deposit (% of price)</Label>
          <Input
            id={`${base}-percent`}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
            value={deposit.percent}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${base}-error` : undefined}
            onChange={(e) => onChange({ ...deposit, percent: e.target.value })}
          />
        </div>
      )}
      <FieldError id={`${base}-error`} message={deposit.kind === 'none' ? undefined : error} />
    </fieldset>
  );
}
