/**
 * The /admin/login screen: a signed-in user is sent on at once (docs/product.md §2); after
 * signing in she lands on the admin path she first asked for (`next`), and a session that
 * ended elsewhere is explained (`reason=expired`).
 */
import { Info, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { Brand } from '@/components/layout/brand';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useSessionUser } from '@/lib/queries/get-session-user';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';
import { readLoginParams } from '../return-path';
import { LoginForm } from './login-form';

export const SESSION_ENDED_TEXT =
  'Your session has ended, so you were signed out. Please sign in again to continue where you were.';

/** `notice`: what the page adds above the form (the first run's pointer to /admin/setup, docs/product.md §2 "First
 * run"). */
export function AdminLoginScreen({ notice }: { notice?: ReactNode }) {
  const { next, reason } = readLoginParams(useSearch());
  const [, navigate] = useLocation();
  const { data: user, isPending } = useSessionUser();
  const { data: practice } = usePracticeInfo();

  if (user) return <Redirect to={next} replace />;

  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="mx-auto flex w-full max-w-md items-center px-4 pt-8 sm:pt-16">
        <Brand name={practice?.shortName ?? practice?.name} />
      </header>
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col px-4 py-6">
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-semibold leading-tight tracking-tight">Administrator Login</h1>
            <CardDescription>Sign in to manage bookings, hours, services and reviews.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            {notice}
            {reason === 'expired' && (
              <p
                role="status"
                className="flex items-start gap-2 rounded-md border bg-accent/60 px-3 py-2.5 text-sm text-accent-foreground"
              >
                <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>{SESSION_ENDED_TEXT}</span>
              </p>
            )}
            {isPending ? (
              <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground" role="status">
                <Loader2 className="size-4 animate-spin" aria-hidden /> Checking your session...
              </p>
            ) : (
              <LoginForm onSignedIn={() => navigate(next, { replace: true })} />
            )}
          </CardContent>
        </Card>
        <p className="mt-6 text-center text-sm">
          <Link href="/" className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
            Back to the website
          </Link>
        </p>
      </main>
    </div>
  );
}
