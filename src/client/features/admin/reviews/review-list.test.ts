import { describe, expect, it } from 'vitest';
import type { Review } from '@shared/schemas/review';
import {
  countByFilter,
  emptyFilterText,
  isWaiting,
  matchesFilter,
  reviewDate,
  reviewsToShow,
  waitingText,
} from './review-list';
import { TEXTS, TOASTS } from './texts';

const review = (id: number, flags: Partial<Pick<Review, 'featured' | 'hidden'>> = {}): Review => ({
  id,
  name: `Client ${id}`,
  rating: 5,
  comment: 'Lovely',
  featured: false,
  hidden: false,
  createdAt: '2025-03-05T01:00:00.000Z',
  ...flags,
});

// 1 waits (a new public submission), 2 is on the home page, 3 is hidden, 4 is featured but hidden.
const reviews = [
  review(1),
  review(2, { featured: true }),
  review(3, { hidden: true }),
  review(4, { featured: true, hidden: true }),
];

describe('which reviews wait for her', () => {
  it('a visible, unfeatured review waits; featured or hidden ones do not', () => {
    expect(reviews.map(isWaiting)).toEqual([true, false, false, false]);
  });

  it('filters: featured means on the home page (a hidden featured review is only under Hidden)', () => {
    const ids = (filter: Parameters<typeof matchesFilter>[1]) =>
      reviews.filter((r) => matchesFilter(r, filter)).map((r) => r.id);
    expect(ids('all')).toEqual([1, 2, 3, 4]);
    expect(ids('waiting')).toEqual([1]);
    expect(ids('featured')).toEqual([2]);
    expect(ids('hidden')).toEqual([3, 4]);
  });

  it('counts each filter', () => {
    expect(countByFilter(reviews)).toEqual({ all: 4, waiting: 1, featured: 1, hidden: 2 });
    expect(countByFilter([])).toEqual({ all: 0, waiting: 0, featured: 0, hidden: 0 });
  });

  it('keeps the server order and keeps a review she just changed in view', () => {
    expect(reviewsToShow(reviews, 'waiting').map((r) => r.id)).toEqual([1]);
    // She featured 1 on 'Not featured': it stays, in place, until she changes filter.
    const after = [review(1, { featured: true }), ...reviews.slice(1)];
    expect(reviewsToShow(after, 'waiting')).toEqual([]);
    expect(reviewsToShow(after, 'waiting', new Set([1])).map((r) => r.id)).toEqual([1]);
    expect(reviewsToShow(after, 'featured', new Set([1])).map((r) => r.id)).toEqual([1, 2]);
  });

  it('says how many wait, and nothing when none do', () => {
    expect(waitingText(0)).toBeUndefined();
    expect(waitingText(1)).toBe('1 review is not featured yet. Featured reviews show on your home page.');
    expect(waitingText(3)).toBe('3 reviews are not featured yet. Featured reviews show on your home page.');
  });

  it('has a text for every filter that can be empty', () => {
    for (const filter of ['waiting', 'featured', 'hidden'] as const) expect(emptyFilterText(filter)).not.toBe('');
  });
});

describe('the created date (docs/product.md §9, New Zealand calendar)', () => {
  it('is the NZ date, whatever the zone of the browser', () => {
    // 11:30 UTC on 4 March is 00:30 on 5 March in Auckland (NZDT, +13).
    expect(reviewDate('2025-03-04T11:30:00.000Z')).toBe('March 5, 2025');
    // 10:59 UTC is still 4 March in Auckland.
    expect(reviewDate('2025-03-04T10:59:00.000Z')).toBe('March 4, 2025');
    // Winter (NZST, +12).
    expect(reviewDate('2025-07-01T12:00:00.000Z')).toBe('July 2, 2025');
  });

  it('is empty for a date it cannot read', () => {
    expect(reviewDate('not a date')).toBe('');
  });
});

describe('texts (docs/product.md §2, §8 word for word)', () => {
  it('states and toasts', () => {
    expect(TEXTS.heading).toBe('Manage Reviews');
    expect(TEXTS.addDescription).toBe('Create a new testimonial to display on your website.');
    expect(TEXTS.loading).toBe('Loading reviews...');
    expect(TEXTS.loadError).toBe('Error loading reviews');
    expect(TEXTS.empty).toBe('No reviews yet. Add some testimonials to display on your site.');
    expect(TEXTS.unauthorizedText).toBe('Please log in to access this page.');
    expect(TOASTS).toEqual({
      added: 'Review added successfully',
      addFailed: 'Failed to add review',
      featured: 'Review featured status updated',
      featureFailed: 'Failed to update featured status',
      visibility: 'Review visibility updated',
      visibilityFailed: 'Failed to update visibility',
      // Delete is a project rule (docs/product.md §19), not the specification's.
      deleted: 'Review deleted',
      deleteFailed: 'Failed to delete the review',
    });
  });
});
