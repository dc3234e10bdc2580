/**
 * 'Add a voucher sold off-line' (docs/product.md §18.5): the value, how it was paid, when, who bought it and for whom,
 * and optionally the day the voucher's PDF is e-mailed. The answer's code is shown this once, to write on her paper
 * one.
 */
import { useState, type FormEvent } from 'react';
import { adminVoucherSaleSchema, VOUCHER_SALE_METHOD_LABELS, VOUCHER_SALE_METHODS } from '@shared/schemas/vouchers';
import { nzToday } from '@shared/time';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/labelled-field';
import { apiErrorMessages, issueMessages, type FormErrors } from '@/lib/form-errors';
import { useAddVoucher } from '../api/add-voucher';
import { VOUCHER_TEXTS as T } from '../voucher-texts';

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm';

const EMPTY = {
  dollars: '',
  saleMethod: 'cash' as (typeof VOUCHER_SALE_METHODS)[number],
  soldOn: '',
  buyerName: '',
  buyerEmail: '',
  recipientName: '',
  recipientEmail: '',
  message: '',
  sendOn: '',
};

/** Where the schema reports each field's error. */
const ERROR_PATHS: Record<keyof typeof EMPTY, string> = {
  dollars: 'valueCents',
  saleMethod: 'saleMethod',
  soldOn: 'soldOn',
  buyerName: 'buyer.name',
  buyerEmail: 'buyer.email',
  recipientName: 'recipient.name',
  recipientEmail: 'recipient.email',
  message: 'message',
  sendOn: 'sendOn',
};

export function AddVoucherDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [f, setF] = useState({ ...EMPTY, soldOn: nzToday() });
  const [errors, setErrors] = useState<FormErrors>({});
  const [code, setCode] = useState<string | null>(null);
  const add = useAddVoucher();
  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) => {
    setF((v) => ({ ...v, [name]: e.target.value }));
    // The field's message goes once she changes it; the others stay until the next try.
    setErrors(({ [ERROR_PATHS[name]]: _fixed, ...rest }) => rest);
  };
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setF({ ...EMPTY, soldOn: nzToday() });
      setErrors({});
      setCode(null);
      add.reset();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      valueCents: f.dollars.trim() === '' ? Number.NaN : Math.round(Number(f.dollars) * 100),
      saleMethod: f.saleMethod,
      soldOn: f.soldOn || undefined,
      buyer: { name: f.buyerName, email: f.buyerEmail },
      recipient: { name: f.recipientName, email: f.recipientEmail },
      message: f.message,
      sendOn: f.sendOn || null,
    };
    const parsed = adminVoucherSaleSchema.safeParse(body);
    if (!parsed.success) return setErrors(issueMessages(parsed.error.issues));
    setErrors({});
    add.mutate(body, {
      onSuccess: (created) => setCode(created.code),
      onError: (error) => setErrors(apiErrorMessages(error, error.message)),
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{code ? T.codeTitle : T.add}</DialogTitle>
          <DialogDescription>{code ? T.codeLead : T.addLead}</DialogDescription>
        </DialogHeader>
        {code ? (
          <div className="grid gap-4">
            <p className="rounded-md bg-muted p-4 text-center font-mono text-xl font-semibold tracking-wider select-all">
              {code}
            </p>
            <Button type="button" onClick={() => close(false)}>
              {T.done}
            </Button>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="grid gap-4">
            <div className="grid grid-cols-2 gap-3">
              <LabelledField label={T.value} error={errors.valueCents}>
                {(c) => <Input {...c} inputMode="decimal" value={f.dollars} onChange={set('dollars')} />}
              </LabelledField>
              <LabelledField label={T.method} error={errors.saleMethod}>
                {(c) => (
                  <select {...c} className={selectClass} value={f.saleMethod} onChange={set('saleMethod')}>
                    {VOUCHER_SALE_METHODS.map((m) => (
                      <option key={m} value={m}>
                        {VOUCHER_SALE_METHOD_LABELS[m]}
                      </option>
                    ))}
                  </select>
                )}
              </LabelledField>
            </div>
            <LabelledField label={T.soldOn} error={errors.soldOn}>
              {(c) => <Input {...c} type="date" max={nzToday()} value={f.soldOn} onChange={set('soldOn')} />}
            </LabelledField>
            <div className="grid gap-3 sm:grid-cols-2">
              <LabelledField label={T.buyerName} error={errors['buyer.name']}>
                {(c) => <Input {...c} value={f.buyerName} onChange={set('buyerName')} />}
              </LabelledField>
              <LabelledField label={T.buyerEmail} error={errors['buyer.email']}>
                {(c) => <Input {...c} type="email" value={f.buyerEmail} onChange={set('buyerEmail')} />}
              </LabelledField>
              <LabelledField label={T.recipientName} error={errors['recipient.name']}>
                {(c) => <Input {...c} value={f.recipientName} onChange={set('recipientName')} />}
              </LabelledField>
              <LabelledField label={T.recipientEmail} error={errors['recipient.email']}>
                {(c) => <Input {...c} type="email" value={f.recipientEmail} onChange={set('recipientEmail')} />}
              </LabelledField>
            </div>
            <LabelledField label={T.message} error={errors.message}>
              {(c) => <Input {...c} value={f.message} onChange={set('message')} />}
            </LabelledField>
            <LabelledField label={T.sendOn} error={errors.sendOn}>
              {(c) => (
                <>
                  <Input {...c} type="date" min={nzToday()} value={f.sendOn} onChange={set('sendOn')} />
                  <p className="text-xs text-muted-foreground">{T.sendOnHint}</p>
                </>
              )}
            </LabelledField>
            <FormAlert message={errors.form} />
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? T.saving : T.save}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
