/**
 * Settings → Text messages (docs/decisions/038-text-messages.md): her Twilio account, auth token and sender,
 * the day-before reminder's time and a monthly limit, and the webhook address Twilio posts replies (STOP) and delivery
 * reports to. The auth token is write-only: saved sealed, then only 'set' and where from (here or the server's
 * environment); a new one replaces it, and one saved here can be removed. With all three, the booking form offers
 * 'Text me a reminder and updates'.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatTime12 } from '@shared/clock-time';
import type { SmsSettings, SmsSettingsPatch } from '@shared/schemas/sms';
import { REMINDER_TIME_CHOICES } from '@shared/sms';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSmsSettings } from '../api/get-sms-settings';
import { useSaveSmsSettings } from '../api/save-sms-settings';
import {
  isSenderName,
  SMS_FORM_FIELDS,
  smsFormSchema,
  smsFormValues,
  smsPatchOf,
  type SmsFormField,
  type SmsFormInput,
  type SmsFormOutput,
} from '../sms-settings-form';
import { SaveRow } from './save-row';
import { LoadedSection } from './settings-loader';
import { SettingsField } from './settings-field';

const SELECT_CLASS =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive sm:text-sm';

/** Where a value in force comes from, in her words; `variable` names the environment's. */
function sourceText(source: SmsSettings['senderSource'], variable: string): string {
  if (source === 'environment')
    return `From the server’s settings (${variable}); enter another here to use it instead.`;
  if (source === 'settings') return 'Saved here; empty the box to remove it.';
  return 'Not set.';
}

function tokenText(settings: SmsSettings): string {
  if (!settings.authTokenSet) return 'Not set. Paste it from the Twilio Console (Account Info).';
  const where = settings.authTokenSource === 'environment' ? 'from the server’s settings (TWILIO_AUTH_TOKEN)' : 'saved';
  return `Set, ${where}; never shown again. Paste a new one to replace it.`;
}

function sentText(settings: SmsSettings): string {
  const sent = `${settings.sentThisMonth} ${settings.sentThisMonth === 1 ? 'text' : 'texts'}`;
  return settings.monthlyCap === null
    ? `${sent} sent this month. Empty: no limit.`
    : `${sent} of ${settings.monthlyCap} sent this month. When the limit is reached, texts wait and you get an e-mail.`;
}

function WebhookAddress({ settings }: { settings: SmsSettings }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(settings.webhookUrl).catch(() => undefined);
    setCopied(true);
  };
  return (
    <div className="grid gap-1 text-sm">
      <span className="font-medium">Webhook address to give Twilio</span>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <code className="min-w-0 break-all rounded bg-muted px-2 py-1 text-xs" data-testid="sms-webhook-url">
          {settings.webhookUrl}
        </code>
        <Button type="button" size="sm" variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <span className="text-xs text-muted-foreground">
        In Twilio, paste it as your number’s ‘A message comes in’ webhook (HTTP POST): a client’s STOP reply then stops
        their texts here, and delivery reports show in your Outbox.
        {isSenderName(settings.sender) ? ' A sender name cannot receive replies: use a number for STOP to work.' : ''}
      </span>
    </div>
  );
}

function TextMessagesForm({ settings }: { settings: SmsSettings }) {
  const save = useSaveSmsSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SmsFormInput, unknown, SmsFormOutput>({
    resolver: zodResolver(smsFormSchema),
    defaultValues: smsFormValues(settings),
  });
  const { register, reset, formState } = form;
  // Read while rendering: react-hook-form tracks what the render reads.
  const { errors, dirtyFields } = formState;
  // Follows a save made elsewhere (another device), keeping what she is typing.
  const valuesKey = JSON.stringify(smsFormValues(settings));
  useEffect(() => {
    reset(JSON.parse(valuesKey) as SmsFormInput, { keepDirtyValues: true });
  }, [valuesKey, reset]);

  const send = (patch: SmsSettingsPatch, done: string) => {
    setFormError(null);
    save.mutate(patch, {
      onSuccess: (saved) => {
        reset(smsFormValues(saved));
        toast({ title: done });
      },
      onError: (err) => {
        const elsewhere: string[] = [];
        let first = true;
        for (const e of err instanceof ApiError ? err.fieldErrors : []) {
          const field: SmsFormField | undefined = SMS_FORM_FIELDS.find((f) => f === e.path);
          if (!field) {
            elsewhere.push(e.message);
            continue;
          }
          form.setError(field, { message: e.message }, { shouldFocus: first });
          first = false;
        }
        const message = err instanceof ApiError ? (err.body?.message ?? err.message) : String(err);
        setFormError(
          elsewhere.length > 0 ? `Not saved: ${elsewhere.join(' ')}` : first ? `Not saved: ${message}` : null,
        );
        toast({ title: 'Not saved', description: message, variant: 'destructive' });
      },
    });
  };

  const onSubmit = form.handleSubmit((values) => {
    const patch = smsPatchOf(values, dirtyFields);
    if (Object.keys(patch).length === 0) return toast({ title: 'Nothing to save: no box was changed' });
    send(patch, 'Text message settings saved');
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 grid gap-4 sm:grid-cols-2">
      <p className="text-sm font-medium sm:col-span-2" role="status" data-testid="sms-state">
        {settings.configured
          ? 'Texts are on: the booking form offers ‘Text me a reminder and updates’.'
          : 'Texts are off: an Account SID, an auth token and a sender are all needed.'}
      </p>
      <SettingsField
        label="Twilio Account SID"
        hint={sourceText(settings.accountSidSource, 'TWILIO_ACCOUNT_SID')}
        error={errors.accountSid?.message}
      >
        {(control) => (
          <Input autoComplete="off" spellCheck={false} placeholder="AC…" {...control} {...register('accountSid')} />
        )}
      </SettingsField>
      <div className="grid content-start gap-2">
        <SettingsField label="Auth token" hint={tokenText(settings)} error={errors.authToken?.message}>
          {(control) => (
            <Input
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder={settings.authTokenSet ? 'Set (hidden)' : '32 letters and digits'}
              {...control}
              {...register('authToken')}
            />
          )}
        </SettingsField>
        {settings.authTokenSource === 'settings' ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={save.isPending}
            onClick={() => send({ authToken: null }, 'Auth token removed')}
          >
            Remove the saved token
          </Button>
        ) : null}
      </div>
      <SettingsField
        label="Sender"
        hint={`Your Twilio number as +64…, or a name of up to 11 letters and digits. ${sourceText(settings.senderSource, 'SMS_FROM')}`}
        error={errors.sender?.message}
      >
        {(control) => (
          <Input
            autoComplete="off"
            spellCheck={false}
            placeholder="+6421… or a name"
            {...control}
            {...register('sender')}
          />
        )}
      </SettingsField>
      <SettingsField
        label="Reminder time"
        hint="The day before each visit, New Zealand time. No text goes between 8 PM and 8 AM."
        error={errors.reminderTime?.message}
      >
        {(control) => (
          <select className={SELECT_CLASS} {...control} {...register('reminderTime')}>
            {REMINDER_TIME_CHOICES.map((time) => (
              <option key={time} value={time}>
                {formatTime12(time)}
              </option>
            ))}
          </select>
        )}
      </SettingsField>
      <SettingsField label="Monthly limit" hint={sentText(settings)} error={errors.monthlyCap?.message}>
        {(control) => (
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder="No limit"
            {...control}
            {...register('monthlyCap')}
          />
        )}
      </SettingsField>
      <div className="sm:col-span-2">
        <WebhookAddress settings={settings} />
      </div>
      <div className="sm:col-span-2">
        <SaveRow
          label="Save text messages"
          saving={save.isPending}
          errorCount={Object.keys(errors).length}
          formError={formError}
        />
      </div>
    </form>
  );
}

export function TextMessagesSection() {
  return (
    <LoadedSection
      query={useSmsSettings()}
      errorTitle="The text message settings could not be loaded"
      title="Text messages"
      description="Clients who tick ‘Text me a reminder and updates’ when they book get a text when you confirm, move or cancel their visit, and a reminder the day before. Texts go through Twilio: paste your account’s details from the Twilio Console. The auth token is stored encrypted and never shown again."
    >
      {(settings) => <TextMessagesForm settings={settings} />}
    </LoadedSection>
  );
}
