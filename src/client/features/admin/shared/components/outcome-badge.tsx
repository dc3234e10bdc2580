/** Her mark on a visit (docs/product.md §14): 'Completed' or 'No-show'; nothing until she marks it. */
import type { VisitOutcome } from '@shared/constants';
import { Badge } from '@/components/ui/badge';
import { OUTCOME_LABELS } from '../visit-notes-view';

export function OutcomeBadge({ outcome, className }: { outcome: VisitOutcome | null; className?: string }) {
  if (!outcome) return null;
  return (
    <Badge variant={outcome === 'completed' ? 'success' : 'warning'} className={className}>
      {OUTCOME_LABELS[outcome]}
    </Badge>
  );
}
