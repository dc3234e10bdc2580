/**
 * Any admin call answering UNAUTHENTICATED (401) later (the session expired, or she signed out
 * on another device) sends her to sign-in with a short explanation, and back to this page
 * afterwards (docs/product.md §2 "Admin dashboard"). It watches every query and mutation, so no admin screen handles it
 * itself.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { errorCode } from '@/lib/api';
import { forgetAdminData } from '../shared/api/logout';
import { loginUrl } from './return-path';

const isUnauthorized = (error: unknown) => errorCode(error) === 'UNAUTHENTICATED';

export function useSessionExpiryRedirect(): void {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  useEffect(() => {
    let handled = false;
    const onError = (error: unknown) => {
      if (handled || !isUnauthorized(error)) return;
      handled = true;
      // Leave first, then forget: the dashboard is gone before its data is.
      navigate(loginUrl(window.location.pathname + window.location.search, 'expired'), { replace: true });
      forgetAdminData(queryClient);
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, navigate]);
}
