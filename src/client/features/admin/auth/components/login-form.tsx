/**
 * 'Administrator Login' (docs/product.md §2, §5 Login, §8 Authentication): username and password,
 * validated by the same loginSchema the server parses with; a failure shows the server's message
 * (else 'Login failed'), and too many attempts also says how long to wait.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { loginSchema, type LoginInput, type SessionUser } from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { LabelledField } from '@/components/ui/labelled-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { useLogin } from '../api/login';
import { loginErrorText } from '../login-error';

function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    return loginErrorText({
      code: error.code,
      serverMessage: error.body?.message,
      retryAfterSeconds: error.retryAfterSeconds,
    });
  }
  return loginErrorText({});
}

export function LoginForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    login.mutate(values, { onSuccess: onSignedIn });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      {login.isError && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2.5 text-sm text-destructive dark:text-red-300"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{failureText(login.error)}</span>
        </div>
      )}
      <LabelledField label="Username" error={errors.username?.message}>
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
      <LabelledField label="Password" error={errors.password?.message}>
        {(control) => (
          <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />
        )}
      </LabelledField>
      <Button type="submit" disabled={login.isPending} className="w-full">
        {login.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
