/**
 * Buying a gift voucher (docs/product.md §18.5): the value, who it is from and for, a message and the day it is sent.
 * The browser sends what was chosen, never a price: the server looks the value up, makes the Stripe Checkout session,
 * and the page goes there. The voucher exists once Stripe tells the server it is paid.
 */
import { useState, type FormEvent } from 'react';
import { formatCents } from '@shared/money';
import { VOUCHER_MESSAGE_MAX, voucherPurchaseSchema, type VoucherOptions } from '@shared/schemas/vouchers';
import { addDaysToDate } from '@shared/time';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/labelled-field';
import { Textarea } from '@/components/ui/textarea';
import { apiErrorMessages, issueMessages, type FormErrors } from '@/lib/form-errors';
import { useBuyVoucher } from '../api/buy-voucher';
import { TEXTS } from '../texts';
import { choiceBody, choiceValue, VoucherChoices, type VoucherChoice } from './voucher-choices';

export function VoucherPurchaseForm({ options }: { options: VoucherOptions }) {
  const [choice, setChoice] = useState<VoucherChoice | null>(null);
  const [fields, setFields] = useState({ buyerName: '', buyerEmail: '', recipientName: '', recipientEmail: '' });
  const [message, setMessage] = useState('');
  const [sendOn, setSendOn] = useState(options.today);
  const [errors, setErrors] = useState<FormErrors>({});
  const buy = useBuyVoucher();
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...(choice ? choiceBody(choice) : {}),
      buyer: { name: fields.buyerName, email: fields.buyerEmail },
      recipient: { name: fields.recipientName, email: fields.recipientEmail },
      message,
      sendOn,
    };
    const parsed = voucherPurchaseSchema.safeParse(body);
    if (!parsed.success) return setErrors(issueMessages(parsed.error.issues));
    setErrors({});
    buy.mutate(body, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => setErrors(apiErrorMessages(error, TEXTS.failed)),
    });
  };

  const value = choice ? choiceValue(choice, options) : 0;
  const choiceError = errors.amountCents ?? errors.serviceLengthId;
  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-label="Buy a gift voucher">
      <VoucherChoices options={options} value={choice} onChange={setChoice} error={choiceError} />

      <div className="grid gap-6 md:grid-cols-2">
        <fieldset className="grid content-start gap-4">
          <legend className="mb-2 text-base font-semibold">{TEXTS.from}</legend>
          <LabelledField label={TEXTS.yourName} error={errors['buyer.name']}>
            {(c) => <Input {...c} autoComplete="name" value={fields.buyerName} onChange={set('buyerName')} />}
          </LabelledField>
          <LabelledField label={TEXTS.yourEmail} error={errors['buyer.email']}>
            {(c) => (
              <>
                <Input
                  {...c}
                  type="email"
                  autoComplete="email"
                  value={fields.buyerEmail}
                  onChange={set('buyerEmail')}
                />
                <p className="text-sm text-muted-foreground">{TEXTS.yourEmailHint}</p>
              </>
            )}
          </LabelledField>
        </fieldset>
        <fieldset className="grid content-start gap-4">
          <legend className="mb-2 text-base font-semibold">{TEXTS.to}</legend>
          <LabelledField label={TEXTS.theirName} error={errors['recipient.name']}>
            {(c) => <Input {...c} autoComplete="off" value={fields.recipientName} onChange={set('recipientName')} />}
          </LabelledField>
          <LabelledField label={TEXTS.theirEmail} error={errors['recipient.email']}>
            {(c) => (
              <Input
                {...c}
                type="email"
                autoComplete="off"
                value={fields.recipientEmail}
                onChange={set('recipientEmail')}
              />
            )}
          </LabelledField>
        </fieldset>
      </div>

      <LabelledField label={TEXTS.message} error={errors.message}>
        {(c) => (
          <Textarea
            {...c}
            maxLength={VOUCHER_MESSAGE_MAX}
            rows={3}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        )}
      </LabelledField>

      <LabelledField label={TEXTS.sendOn} error={errors.sendOn} className="max-w-xs">
        {(c) => (
          <>
            <Input
              {...c}
              type="date"
              min={options.today}
              max={addDaysToDate(options.today, 366)}
              value={sendOn}
              onChange={(e) => setSendOn(e.target.value)}
            />
            <p className="text-sm text-muted-foreground">{TEXTS.sendOnHint}</p>
          </>
        )}
      </LabelledField>

      <FormAlert message={errors.form} />
      <Button type="submit" size="lg" className="justify-self-start" disabled={buy.isPending || buy.isSuccess}>
        {buy.isPending || buy.isSuccess ? TEXTS.paying : TEXTS.pay(value > 0 ? formatCents(value) : 'for the voucher')}
      </Button>
    </form>
  );
}
