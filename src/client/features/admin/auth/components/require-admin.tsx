/**
 * The dashboard's gate (docs/product.md §2, §4 Authentication): 'Loading admin dashboard...' while
 * the session is checked, /admin/login (with the way back) when signed out, and
 * 'Failed to check authentication status' when the check itself could not be made.
 * docs/product.md §17: with no network (not a 401), the administrator this phone last saw signed in opens the dashboard
 * under an 'Offline' banner; a signed-out answer forgets everything the phone kept.
 */
import { Loader2, RefreshCw } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import type { SessionUser } from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { sessionUserQueryOptions } from '@/lib/queries/get-session-user';
import { OfflineBanner } from '../../shared/offline/offline-banner';
import { forgetOfflineData, rememberSession } from '../../shared/offline/offline-store';
import { useLastKnownSession } from '../../shared/offline/use-last-known-session';
import { useOnline } from '../../shared/offline/use-online';
import { loginUrl } from '../return-path';
import { useSessionExpiryRedirect } from '../use-session-expiry-redirect';

const SESSION_RECHECK_MS = 60_000;

function CenteredStatus({ children }: { children: ReactNode }) {
  return <div className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">{children}</div>;
}

export function RequireAdmin({ children }: { children: (user: SessionUser) => ReactNode }) {
  const [location] = useLocation();
  const search = useSearch();
  // Checked again when she comes back to the tab (her phone between visits): a session that ended meanwhile is noticed
  // at once.
  const session = useQuery({ ...sessionUserQueryOptions(), staleTime: SESSION_RECHECK_MS, refetchOnWindowFocus: true });
  const hadUser = useRef(false);
  useSessionExpiryRedirect();
  const online = useOnline();
  const user = session.data;
  const signedOut = session.isSuccess && !user;
  // The phone's copy is read only without the server's answer (pending, or no user in it).
  const known = useLastKnownSession(!user);
  useEffect(() => {
    if (signedOut) {
      void forgetOfflineData();
      return;
    }
    if (!user) return;
    // Kept after the hydration's task, not in it (decision 033, step 7); cancelled if she signs out first.
    const later = setTimeout(() => void rememberSession(user));
    return () => clearTimeout(later);
  }, [user, signedOut]);
  // The check could not reach the server (a fetch that threw, not an answer): the phone has no coverage. A check that
  // failed after an answer keeps that answer's user.
  const unreachable = session.isError && !(session.error instanceof ApiError);
  const offlineUser = known ?? (unreachable ? user : undefined);
  if (offlineUser && (unreachable || (session.isPending && !online))) {
    return (
      <>
        <OfflineBanner />
        {children(offlineUser)}
      </>
    );
  }

  if (session.isPending) {
    return (
      <CenteredStatus>
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-5 animate-spin" aria-hidden />
          Loading admin dashboard...
        </p>
      </CenteredStatus>
    );
  }
  if (session.isError) {
    return (
      <CenteredStatus>
        <p role="alert" className="font-medium">
          Failed to check authentication status
        </p>
        <Button variant="outline" onClick={() => void session.refetch()}>
          <RefreshCw className="size-4" aria-hidden /> Try again
        </Button>
      </CenteredStatus>
    );
  }
  if (!session.data) {
    const here = search ? `${location}?${search}` : location;
    // Signed in a moment ago and now not: the session ended, and the login page says so.
    return <Redirect to={loginUrl(here, hadUser.current ? 'expired' : undefined)} replace />;
  }
  hadUser.current = true;
  return (
    <>
      {!online && <OfflineBanner />}
      {children(session.data)}
    </>
  );
}
