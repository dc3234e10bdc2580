/** What Start fresh removed, in her words (docs/product.md §2 "Start fresh"). */
import type { StartFreshRemoved } from '@shared/schemas/start-fresh';

/** '4 services, 6 reviews and 2 bookings removed' (what was there). */
export function removedText(removed: StartFreshRemoved): string {
  const parts = (
    [
      [removed.services, 'service'],
      [removed.reviews, 'review'],
      [removed.bookings, 'booking'],
      [removed.clients, 'client'],
      [removed.waitlist, 'waitlist entry'],
      [removed.series, 'regular series'],
      [removed.emails, 'e-mail'],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${n} ${n === 1 || what.endsWith('series') ? what : what.replace(/y$/, 'ie') + 's'}`);
  if (parts.length === 0) return 'There was nothing to remove.';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${list} removed.`;
}
