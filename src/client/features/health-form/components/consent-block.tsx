/**
 * The consent (docs/product.md §13): its words and version, the full name typed to give it, and
 * the time it is being given (the server records its own time when the form arrives).
 */
import type { ComponentProps, ReactNode } from 'react';
import { LIMITS } from '@shared/constants';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatNzDateTime } from '@/lib/format';
import { useNow } from '../use-now';

export const CONSENT_NAME_ID = 'health-consent-name';
const ERROR_ID = `${CONSENT_NAME_ID}-error`;
const HINT_ID = `${CONSENT_NAME_ID}-hint`;

interface ConsentBlockProps {
  consent: { version: string; text: string };
  /** The full-name input's props (react-hook-form's register, or a plain controlled input). */
  nameInput: Omit<ComponentProps<'input'>, 'id'>;
  nameError: string | undefined;
  /** A refusal of the consent itself ('This consent is out of date: please reload the form'). */
  consentError?: string;
  children?: ReactNode;
}

export function ConsentBlock({ consent, nameInput, nameError, consentError, children }: ConsentBlockProps) {
  const now = useNow();
  const when = formatNzDateTime(now.toISOString());
  return (
    <section aria-labelledby="health-consent-heading" className="grid gap-4 rounded-md border p-4 sm:p-5">
      <h2 id="health-consent-heading" className="text-lg font-semibold tracking-tight">
        Your consent
      </h2>
      <div>
        <p className="text-sm leading-relaxed">{consent.text}</p>
        <p className="mt-2 text-xs text-muted-foreground">Consent version {consent.version}</p>
      </div>
      {consentError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {consentError}
        </p>
      )}
      <div className="grid gap-2">
        <Label htmlFor={CONSENT_NAME_ID}>Type your full name to give your consent</Label>
        <Input
          {...nameInput}
          id={CONSENT_NAME_ID}
          type="text"
          autoComplete="name"
          maxLength={LIMITS.nameMax}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={[HINT_ID, nameError ? ERROR_ID : null].filter(Boolean).join(' ')}
        />
        <p id={HINT_ID} className="text-xs text-muted-foreground">
          Consent given {when ?? 'now'} (NZ time)
        </p>
        {nameError && (
          <p id={ERROR_ID} className="text-sm font-medium text-destructive">
            {nameError}
          </p>
        )}
      </div>
      {children}
    </section>
  );
}
