/**
 * 'Text me a reminder and updates' (decision 038), under the phone field: unticked unless the client ticks it. With it
 * ticked the phone must be a New Zealand mobile (the shared schema's message shows on the phone field). Offered only
 * while texts are set up (the site settings' `textsEnabled`, decision 038).
 */
import { Controller, type Control } from 'react-hook-form';
import { SMS_MESSAGES } from '@shared/sms';
import { Checkbox } from '@/components/ui/checkbox';
import { useSiteConfig } from '@/lib/queries/get-site-config';
import type { WizardFormInput } from '../wizard-form';

const ID = 'booking-sms-opt-in';

export function SmsOptIn({ control }: { control: Control<WizardFormInput> }) {
  const { data: site } = useSiteConfig();
  if (site?.textsEnabled !== true) return null;
  return (
    <div className="flex items-start gap-3">
      <Controller
        control={control}
        name="smsOptIn"
        render={({ field }) => (
          <Checkbox
            id={ID}
            checked={field.value === true}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
            ref={field.ref}
            aria-describedby={`${ID}-hint`}
            className="mt-0.5"
          />
        )}
      />
      <label htmlFor={ID} className="text-sm leading-snug">
        <span className="font-medium">{SMS_MESSAGES.optInLabel}</span>
        <span id={`${ID}-hint`} className="block text-muted-foreground">
          {SMS_MESSAGES.optInHint}
        </span>
      </label>
    </div>
  );
}
