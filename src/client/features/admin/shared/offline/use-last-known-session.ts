import { useEffect, useState } from 'react';
import type { SessionUser } from '@shared/schemas/auth';
import { lastKnownSession } from './offline-store';

/**
 * The administrator this phone last saw signed in (decision 026), read from IndexedDB once it is `needed`: undefined
 * while it is read (or not needed), null when there is none (never signed in here, or signed out since). Not read while
 * the server's answer is at hand (decision 033, step 7): opening IndexedDB and drawing the area again would cost the
 * hydration's task on her phone for nothing.
 */
export function useLastKnownSession(needed: boolean): SessionUser | null | undefined {
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);
  useEffect(() => {
    if (!needed) return;
    let live = true;
    void lastKnownSession().then((u) => {
      if (live) setUser(u);
    });
    return () => {
      live = false;
    };
  }, [needed]);
  return user;
}
