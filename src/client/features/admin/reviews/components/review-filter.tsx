/** Filter buttons with counts: 'Not featured' is where new reviews from the website wait for her. */
import { CountFilterBar } from '../../shared/components/count-filter-bar';
import { REVIEW_FILTERS, type ReviewFilter } from '../review-list';

interface ReviewFilterBarProps {
  value: ReviewFilter;
  counts: Record<ReviewFilter, number>;
  onChange: (filter: ReviewFilter) => void;
}

export function ReviewFilterBar({ value, counts, onChange }: ReviewFilterBarProps) {
  return (
    <CountFilterBar
      label="Show reviews"
      options={REVIEW_FILTERS}
      counts={counts}
      value={value}
      onChange={onChange}
      toneOf={(id, count) => (id === 'waiting' && count > 0 ? 'attention' : undefined)}
    />
  );
}
