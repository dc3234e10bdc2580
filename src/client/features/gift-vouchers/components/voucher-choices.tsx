/** The value of the voucher: her preset amounts and the massages at their prices, one radio group. */
import { formatCents } from '@shared/money';
import type { VoucherOptions } from '@shared/schemas/vouchers';
import { ChoiceCard } from '@/components/ui/choice-card';
import { FieldError } from '@/components/ui/field-error';
import { TEXTS } from '../texts';

/** 'amount:12000' or 'service:1:60': one value for the radio group. */
export type VoucherChoice = `amount:${number}` | `service:${number}:${number}`;

export function choiceValue(choice: VoucherChoice, options: VoucherOptions): number {
  const [kind, a, b] = choice.split(':');
  if (kind === 'amount') return Number(a);
  return options.services.find((s) => s.serviceLengthId === Number(a) && s.duration === Number(b))?.priceCents ?? 0;
}

export function choiceBody(choice: VoucherChoice) {
  const [kind, a, b] = choice.split(':');
  return kind === 'amount' ? { amountCents: Number(a) } : { serviceLengthId: Number(a), duration: Number(b) };
}

export function VoucherChoices({
  options,
  value,
  onChange,
  error,
}: {
  options: VoucherOptions;
  value: VoucherChoice | null;
  onChange: (choice: VoucherChoice) => void;
  error: string | undefined;
}) {
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? 'voucher-choice-error' : undefined}>
      <legend className="mb-2 text-base font-semibold">{TEXTS.choose}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {options.amountsCents.map((cents) => {
          const choice: VoucherChoice = `amount:${cents}`;
          return (
            <ChoiceCard
              key={choice}
              name="voucher-value"
              value={choice}
              checked={value === choice}
              onChoose={() => onChange(choice)}
              label={formatCents(cents)}
              hint={TEXTS.amountHint}
              strong
            />
          );
        })}
      </div>
      {options.services.length > 0 && (
        <>
          <p className="mt-2 text-sm font-medium text-muted-foreground">{TEXTS.orMassage}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {options.services.map((s) => {
              const choice: VoucherChoice = `service:${s.serviceLengthId}:${s.duration}`;
              return (
                <ChoiceCard
                  key={choice}
                  name="voucher-value"
                  value={choice}
                  checked={value === choice}
                  onChoose={() => onChange(choice)}
                  label={s.label}
                  hint={formatCents(s.priceCents)}
                  strong
                />
              );
            })}
          </div>
        </>
      )}
      <FieldError id="voucher-choice-error" message={error} />
    </fieldset>
  );
}
