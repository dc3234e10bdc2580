/**
 * 'Nothing has changed': an earlier form that still fits the questions is confirmed again in one
 * step, with the consent and the name typed afresh; or 'Update my answers' opens the form with the
 * earlier answers filled in.
 */
import { ClipboardCheck, Loader2, PencilLine } from 'lucide-react';
import { useState } from 'react';
import { healthConsentInputSchema } from '@shared/health-form';
import type { HealthFormPage } from '@shared/schemas/health';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useSaveHealthForm, type HealthFormSaved } from '../api/save-health-form';
import { reconfirmBody } from '../health-form-values';
import { HEALTH_TITLES } from '../texts';
import { formDate, visitWhen } from '../visit-words';
import { CONSENT_NAME_ID, ConsentBlock } from './consent-block';
import { HealthPanel } from './health-panel';
import { PrivacyNote } from './privacy-note';

interface ReconfirmScreenProps {
  token: string;
  page: HealthFormPage;
  onUpdate: () => void;
  onSaved: (saved: HealthFormSaved) => void;
}

export function ReconfirmScreen({ token, page, onUpdate, onSaved }: ReconfirmScreenProps) {
  const [fullName, setFullName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const save = useSaveHealthForm(token);
  const earlier = formDate(page.previous?.consentedAt);

  const confirm = () => {
    setRefusal(undefined);
    const checked = healthConsentInputSchema(page.consent.version).safeParse({
      version: page.consent.version,
      fullName,
    });
    if (!checked.success) {
      setNameError(checked.error.issues[0]?.message);
      document.getElementById(CONSENT_NAME_ID)?.focus();
      return;
    }
    setNameError(undefined);
    save.mutate(reconfirmBody(page.consent.version, fullName), {
      onSuccess: onSaved,
      onError: (error) => {
        const field = error instanceof ApiError ? error.fieldErrors.find((e) => e.path === 'consent.fullName') : null;
        if (field) {
          setNameError(field.message);
          document.getElementById(CONSENT_NAME_ID)?.focus();
        } else {
          setRefusal(
            (error instanceof ApiError && error.body?.message) ||
              'Your health form could not be confirmed. Please try again.',
          );
        }
      },
    });
  };

  return (
    <HealthPanel
      icon={ClipboardCheck}
      title={HEALTH_TITLES.reconfirm}
      lead={
        <>
          {earlier ? <>You filled in your health form on {earlier}. </> : null}
          Before your visit on {visitWhen(page.visit)}, please check that it is still right.
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
        className="grid gap-6"
      >
        <ConsentBlock
          consent={page.consent}
          nameInput={{ name: 'fullName', value: fullName, onChange: (event) => setFullName(event.target.value) }}
          nameError={nameError}
        >
          {refusal && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {refusal}
            </p>
          )}
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Nothing has changed
            </Button>
            <Button type="button" variant="outline" onClick={onUpdate} disabled={save.isPending}>
              <PencilLine aria-hidden />
              Update my answers
            </Button>
          </div>
        </ConsentBlock>
        <PrivacyNote />
      </form>
    </HealthPanel>
  );
}
