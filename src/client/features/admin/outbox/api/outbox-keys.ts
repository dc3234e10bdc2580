/** The Outbox tab's query keys, in one place (like ../../shared/booking-keys.ts): one list per filter and channel. */
import type { QueryClient } from '@tanstack/react-query';
import type { OutboxChannelFilter, OutboxFilter } from '@shared/schemas/outbox';

export const outboxKeys = {
  /** Every filter's list: a resend refreshes them all (the counts change in each). */
  all: ['/api/admin/outbox'] as const,
  list: (filter: OutboxFilter, channel: OutboxChannelFilter = 'all') => ['/api/admin/outbox', filter, channel] as const,
};

export function invalidateOutbox(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: outboxKeys.all });
}
