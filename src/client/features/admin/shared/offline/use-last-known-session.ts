import { useEffect, useState } from 'react';
import type { SessionUser } from '@shared/schemas/auth';
import { lastKnownSession } from './offline-store';

/**
 * The administrator this phone last saw signed in (issue 26), read once from IndexedDB: undefined while it is read,
 * null when there is none (never signed in here, or signed out since).
 */
export function useLastKnownSession(): SessionUser | null | undefined {
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void lastKnownSession().then((u) => {
      if (live) setUser(u);
    });
    return () => {
      live = false;
    };
  }, []);
  return user;
}
