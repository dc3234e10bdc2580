/**
 * 'Administrator Login' (docs/product.md §2, §5 Login, §8 Authentication): username and password,
 * validated by the same loginSchema the server parses with; a failure shows the server's message
 * (else 'Login failed'), and a 429 also says how long to wait.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, Loader2 } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { loginSchema, type LoginInput, type SessionUser } from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import { useLogin } from '../api/login';
import { loginErrorText } from '../login-error';

function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    return loginErrorText({ status: error.status, serverMessage: error.body?.message, retryAfterSeconds: error.retryAfterSeconds });
  }
  return loginErrorText({});
}

export function LoginForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const id = useId();
  const ids = { username: `${id}-username`, password: `${id}-password`, usernameError: `${id}-username-error`, passwordError: `${id}-password-error` };
  const login = useLogin();
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    login.mutate(values, { onSuccess: onSignedIn });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
      {login.isError && (
        <div role="alert" className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2.5 text-sm text-destructive dark:text-red-300">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{failureText(login.error)}</span>
        </div>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.username}>Username</Label>
        <Input
          id={ids.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? ids.usernameError : undefined}
          {...form.register('username')}
        />
        <FieldError id={ids.usernameError} message={errors.username?.message} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.password}>Password</Label>
        <Input
          id={ids.password}
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? ids.passwordError : undefined}
          {...form.register('password')}
        />
        <FieldError id={ids.passwordError} message={errors.password?.message} />
      </div>
      <Button type="submit" disabled={login.isPending} className="w-full">
        {login.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
