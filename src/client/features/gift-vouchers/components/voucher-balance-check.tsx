/** 'Check a voucher': what is left on it and until when, by its code (the server limits the checks per address). */
import { useState, type FormEvent } from 'react';
import { formatCents } from '@shared/money';
import { validUntilText } from '@shared/vouchers';
import { VoucherCodeField } from '@/components/voucher-code-field';
import { ApiError } from '@/lib/api';
import { useLookupVoucher } from '../api/lookup-voucher';
import { TEXTS } from '../texts';

export function VoucherBalanceCheck() {
  const [code, setCode] = useState('');
  const lookup = useLookupVoucher();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) lookup.mutate(code.trim());
  };
  const error = lookup.error instanceof ApiError && lookup.error.body ? lookup.error.body.message : undefined;
  const found = lookup.data;
  return (
    <form noValidate onSubmit={submit} className="grid gap-3" aria-label={TEXTS.checkTitle}>
      <VoucherCodeField
        label={TEXTS.code}
        submitLabel={TEXTS.check}
        value={code}
        onChange={setCode}
        error={error}
        pending={lookup.isPending}
      />
      <p aria-live="polite" className="text-sm">
        {found && !lookup.isPending && (
          <>
            <strong className="text-base font-semibold">{TEXTS.left(formatCents(found.balanceCents))}</strong>{' '}
            <span className="text-muted-foreground">
              · {TEXTS.status[found.status]} · {validUntilText(found.expiresOn)}
            </span>
          </>
        )}
      </p>
    </form>
  );
}
