/**
 * Which reviews the tab lists (pure, unit-tested). Public submissions arrive unfeatured and
 * visible (docs/product.md §4): those are the ones waiting for her, so they get their own filter
 * and count. Cards keep the server's order (newest first) so a toggle never moves one.
 */
import type { Review } from '@shared/schemas/review';
import { formatLongDate, nzDateOf } from '@shared/time';

export type ReviewFilter = 'all' | 'waiting' | 'featured' | 'hidden';

export const REVIEW_FILTERS: readonly { id: ReviewFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'waiting', label: 'Not featured' },
  { id: 'featured', label: 'Featured' },
  { id: 'hidden', label: 'Hidden' },
];

/** Visible but not on the home page: a new public submission, or one she has not chosen. */
export function isWaiting(review: Pick<Review, 'featured' | 'hidden'>): boolean {
  return !review.featured && !review.hidden;
}

export function matchesFilter(review: Pick<Review, 'featured' | 'hidden'>, filter: ReviewFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'waiting':
      return isWaiting(review);
    case 'featured':
      return review.featured && !review.hidden;
    case 'hidden':
      return review.hidden;
  }
}

export function countByFilter(reviews: readonly Review[]): Record<ReviewFilter, number> {
  const counts: Record<ReviewFilter, number> = { all: 0, waiting: 0, featured: 0, hidden: 0 };
  for (const review of reviews) {
    for (const { id } of REVIEW_FILTERS) if (matchesFilter(review, id)) counts[id] += 1;
  }
  return counts;
}

/**
 * The cards of a filter. `kept` holds the reviews she changed while on this filter: they stay on
 * screen (with their new state) until she picks another filter, so a card does not vanish under
 * her pointer or take the keyboard focus with it, and she can undo at once.
 */
export function reviewsToShow(
  reviews: readonly Review[],
  filter: ReviewFilter,
  kept: ReadonlySet<number> = new Set(),
): Review[] {
  return reviews.filter((review) => matchesFilter(review, filter) || kept.has(review.id));
}

/** docs/product.md §9: the created date as 'March 5, 2025', on the New Zealand calendar. */
export function reviewDate(createdAt: string): string {
  const instant = new Date(createdAt);
  return Number.isNaN(instant.getTime()) ? '' : formatLongDate(nzDateOf(instant));
}

/** 'No reviews here' texts of a filter that matches none while others exist. */
export function emptyFilterText(filter: ReviewFilter): string {
  switch (filter) {
    case 'waiting':
      return 'Every visible review is featured. New reviews from your website will appear here.';
    case 'featured':
      return 'No review is featured yet, so your home page shows none. Feature one to show it.';
    case 'hidden':
      return 'No review is hidden.';
    case 'all':
      return '';
  }
}

/** The line under the heading when reviews wait for her; undefined when none do. */
export function waitingText(waiting: number): string | undefined {
  if (waiting <= 0) return undefined;
  return `${waiting} ${waiting === 1 ? 'review is' : 'reviews are'} not featured yet. Featured reviews show on your home page.`;
}
