/** Filter buttons with counts; 'Problems' (failed and retrying) stands out when it holds any. */
import {
  OUTBOX_CHANNEL_FILTERS,
  OUTBOX_FILTERS,
  type OutboxChannelFilter,
  type OutboxCounts,
  type OutboxFilter,
} from '@shared/schemas/outbox';
import { CountFilterBar } from '../../shared/components/count-filter-bar';
import { CHANNEL_FILTER_LABELS, OUTBOX_FILTER_LABELS } from '../outbox-view';

const OPTIONS = OUTBOX_FILTERS.map((id) => ({ id, label: OUTBOX_FILTER_LABELS[id] }));
const CHANNEL_OPTIONS = OUTBOX_CHANNEL_FILTERS.map((id) => ({ id, label: CHANNEL_FILTER_LABELS[id] }));

interface OutboxFilterBarProps {
  value: OutboxFilter;
  counts: OutboxCounts;
  onChange: (filter: OutboxFilter) => void;
}

export function OutboxFilterBar({ value, counts, onChange }: OutboxFilterBarProps) {
  return (
    <CountFilterBar
      label="Show messages"
      options={OPTIONS}
      counts={counts}
      value={value}
      onChange={onChange}
      toneOf={(id, count) => (id === 'problems' && count > 0 ? 'alarm' : undefined)}
    />
  );
}

/** E-mails, texts or both (decision 038), each with its total. */
export function OutboxChannelBar({
  value,
  counts,
  onChange,
}: {
  value: OutboxChannelFilter;
  counts: Record<OutboxChannelFilter, number>;
  onChange: (channel: OutboxChannelFilter) => void;
}) {
  return (
    <CountFilterBar label="Show channel" options={CHANNEL_OPTIONS} counts={counts} value={value} onChange={onChange} />
  );
}
