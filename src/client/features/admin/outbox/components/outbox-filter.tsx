/** Filter buttons with counts; 'Problems' (failed and retrying) stands out when it holds any. */
import { OUTBOX_FILTERS, type OutboxCounts, type OutboxFilter } from '@shared/schemas/outbox';
import { CountFilterBar } from '../../shared/components/count-filter-bar';
import { OUTBOX_FILTER_LABELS } from '../outbox-view';

const OPTIONS = OUTBOX_FILTERS.map((id) => ({ id, label: OUTBOX_FILTER_LABELS[id] }));

interface OutboxFilterBarProps {
  value: OutboxFilter;
  counts: OutboxCounts;
  onChange: (filter: OutboxFilter) => void;
}

export function OutboxFilterBar({ value, counts, onChange }: OutboxFilterBarProps) {
  return (
    <CountFilterBar
      label="Show e-mails"
      options={OPTIONS}
      counts={counts}
      value={value}
      onChange={onChange}
      toneOf={(id, count) => (id === 'problems' && count > 0 ? 'alarm' : undefined)}
    />
  );
}
