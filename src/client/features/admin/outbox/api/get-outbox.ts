/**
 * GET /api/admin/outbox?filter=&channel=&beforeId=: every e-mail and text the site queued, newest first, a page at a
 * time ('Show more' follows the cursor). Refreshed every 15 s while the tab is open, so she sees
 * 'Retrying' turn into 'Sent'; a refresh refetches the pages she has loaded.
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { OUTBOX_POLL_MS, type OutboxChannelFilter, type OutboxFilter, type OutboxPage } from '@shared/schemas/outbox';
import { getJson } from '@/lib/get-json';
import { outboxKeys } from './outbox-keys';

export function getOutbox(
  filter: OutboxFilter,
  channel: OutboxChannelFilter,
  beforeId: number | null,
  signal?: AbortSignal,
): Promise<OutboxPage> {
  const params = new URLSearchParams({ filter });
  if (channel !== 'all') params.set('channel', channel);
  if (beforeId !== null) params.set('beforeId', String(beforeId));
  return getJson<OutboxPage>(`/api/admin/outbox?${params.toString()}`, signal);
}

export function outboxQueryOptions(filter: OutboxFilter, channel: OutboxChannelFilter = 'all') {
  return infiniteQueryOptions({
    queryKey: outboxKeys.list(filter, channel),
    queryFn: ({ pageParam, signal }) => getOutbox(filter, channel, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBeforeId,
    refetchInterval: OUTBOX_POLL_MS,
    staleTime: 0,
    // Switching filter keeps the list on screen until the other one arrives.
    placeholderData: keepPreviousData,
  });
}

/** The list of one state filter and one channel (decision 038: e-mails, texts, or both). */
export function useOutbox(filter: OutboxFilter, channel: OutboxChannelFilter = 'all') {
  return useInfiniteQuery(outboxQueryOptions(filter, channel));
}
