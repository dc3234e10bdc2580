/**
 * Step 1 of the first run: the setup code from the server's log and her account, under the admin CLI's rules (the
 * shared setupInputSchema the server parses with). It cannot be skipped: it is what makes the site hers.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { LIMITS } from '@shared/constants';
import { setupInputSchema, type SetupInput } from '@shared/schemas/setup';
import type { SessionUser } from '@shared/schemas/auth';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/labelled-field';
import { ApiError, errorCode } from '@/lib/api';
import { useCreateAdmin } from '../api/create-admin';
import { stepErrors, type StepErrors } from '../server-errors';
import { StepFrame } from './step-frame';

const FIELDS = ['code', 'name', 'email', 'username', 'password'] as const;
type Field = (typeof FIELDS)[number];

/** The refusal as she should read it: the code's own message on the code field, a wait in minutes, the rest as sent. */
function accountRefusal(error: unknown): StepErrors<Field> {
  const { fields, form } = stepErrors<Field>(error, Object.fromEntries(FIELDS.map((f) => [f, f])));
  if (errorCode(error) === 'SETUP_CODE_INVALID') return { fields: { code: form ?? undefined }, form: null };
  if (error instanceof ApiError && error.code === 'TOO_MANY_ATTEMPTS' && error.retryAfterSeconds) {
    const minutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
    return { fields, form: `${form} You can try again in about ${minutes} minute${minutes === 1 ? '' : 's'}.` };
  }
  return { fields, form };
}

export function AccountStep({
  practiceName,
  onCreated,
}: {
  practiceName: string | undefined;
  onCreated: (user: SessionUser) => void;
}) {
  const create = useCreateAdmin();
  const form = useForm<SetupInput>({
    resolver: zodResolver(setupInputSchema),
    defaultValues: { code: '', name: '', email: '', username: '', password: '' },
  });
  const { errors } = form.formState;
  const refusal = create.isError ? accountRefusal(create.error) : null;
  const message = (field: Field) => errors[field]?.message ?? refusal?.fields[field];
  const done = errorCode(create.error) === 'SETUP_DONE';

  const submit = form.handleSubmit((values) => create.mutate(values, { onSuccess: onCreated }));

  return (
    <StepFrame
      step="account"
      practiceName={practiceName}
      description={
        <>
          Welcome! Create the administrator account for this site. The setup code is in the server&rsquo;s log, on the
          line &lsquo;Setup code: &hellip;&rsquo;.
        </>
      }
      onSubmit={(event) => void submit(event)}
      submitLabel="Create my account"
      pendingLabel="Creating your account..."
      pending={create.isPending}
      formError={refusal?.form ?? null}
    >
      {done && (
        <p className="text-sm">
          <Link href="/admin/login" className="font-medium text-primary underline underline-offset-4">
            Go to sign in
          </Link>
        </p>
      )}
      <LabelledField label="Setup code" error={message('code')}>
        {(control) => (
          <Input
            {...control}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            className="font-mono tracking-wider"
            {...form.register('code')}
          />
        )}
      </LabelledField>
      <LabelledField label="Your name" error={message('name')}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
      </LabelledField>
      <LabelledField label="E-mail" error={message('email')}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </LabelledField>
      <LabelledField label="Username" error={message('username')}>
        {(control) => (
          <Input
            {...control}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.register('username')}
          />
        )}
      </LabelledField>
      <LabelledField label={`Password (at least ${LIMITS.passwordMin} characters)`} error={message('password')}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
      </LabelledField>
    </StepFrame>
  );
}
