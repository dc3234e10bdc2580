/**
 * Decision 040: what an admin page's start needs before its chunks (decisions 021, 022, 033), loaded by main.tsx only
 * on /admin/ paths so that none of it is in the public pages' first bundle: the server-rendered page's answers put in
 * the query cache, then the requests asked for early. A chunk of its own (`admin-boot`), in the worker's precache.
 */
import type { QueryClient } from '@tanstack/react-query';
import { nextTask } from '@/lib/next-task';
import { readAdminPageData, seedAdminPageData } from './admin-page-data';
import { prefetchAdminData } from './admin-prefetch';

/** Each step in its own task, as main.tsx did them: the page's answers, then the early requests. */
export async function startAdminPage(queryClient: QueryClient, pathname: string): Promise<void> {
  seedAdminPageData(queryClient, readAdminPageData(), true);
  await nextTask();
  prefetchAdminData(queryClient, pathname);
}
