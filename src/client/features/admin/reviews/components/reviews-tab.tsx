/**
 * The Reviews tab, 'Manage Reviews' (docs/product.md §2, §4, §8): her reviews as cards, newest
 * first, with Feature/Featured, Hide/Show and Delete (docs/product.md §19), and 'Add Review'. Public submissions arrive
 * unfeatured: the 'Not featured' filter and badge show what waits for her.
 */
import { useMemo, useRef, useState } from 'react';
import type { Review } from '@shared/schemas/review';
import { CardDescription } from '@/components/ui/card';
import { useSessionUser } from '@/lib/queries/get-session-user';
import { toast } from '@/lib/toast';
import { useAdminReviews } from '../api/get-admin-reviews';
import { useToggleReviewFeatured } from '../api/toggle-review-featured';
import { useToggleReviewHidden } from '../api/toggle-review-hidden';
import { countByFilter, emptyFilterText, reviewsToShow, waitingText, type ReviewFilter } from '../review-list';
import { TEXTS, TOASTS } from '../texts';
import { AddReviewDialog } from './add-review-dialog';
import { DeleteReviewDialog } from './delete-review-dialog';
import { ReviewCard } from './review-card';
import { ReviewFilterBar } from './review-filter';
import { ReviewsEmpty, ReviewsError, ReviewsLoading, ReviewsUnauthorized } from './review-states';

export function ReviewsTab() {
  const session = useSessionUser();
  if (session.data === null) return <ReviewsUnauthorized />;
  return <ManageReviews signedIn={session.data !== undefined} />;
}

function ManageReviews({ signedIn }: { signedIn: boolean }) {
  const reviews = useAdminReviews({ enabled: signedIn });
  const [filter, setFilter] = useState<ReviewFilter>('all');
  // Reviews she changed on this filter stay in view until she picks another (see review-list.ts).
  const [kept, setKept] = useState<ReadonlySet<number>>(new Set());
  const featured = useToggleReviewFeatured();
  const hidden = useToggleReviewHidden();
  const [deleting, setDeleting] = useState<Review | null>(null);
  // Focus returns to the Delete button that opened the dialog; after a delete that button is gone, so it goes to
  // the tab's heading instead.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const deleted = useRef(false);
  const openDelete = (review: Review) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    deleted.current = false;
    setDeleting(review);
  };
  const closeDelete = (wasDeleted: boolean) => {
    deleted.current = wasDeleted;
    setDeleting(null);
  };
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const target = deleted.current || !opener.current?.isConnected ? headingRef.current : opener.current;
    target?.focus();
  };

  const all = reviews.data;
  const counts = useMemo(() => countByFilter(all ?? []), [all]);
  const shown = useMemo(() => (all ? reviewsToShow(all, filter, kept) : []), [all, filter, kept]);

  const keep = (id: number) => setKept((old) => new Set(old).add(id));
  const chooseFilter = (next: ReviewFilter) => {
    setFilter(next);
    setKept(new Set());
  };
  const toggleFeatured = (review: Review) => {
    keep(review.id);
    featured.mutate(review.id, {
      onSuccess: () => toast({ title: 'Success', description: TOASTS.featured }),
      onError: () => toast({ title: 'Error', description: TOASTS.featureFailed, variant: 'destructive' }),
    });
  };
  const toggleHidden = (review: Review) => {
    keep(review.id);
    hidden.mutate(review.id, {
      onSuccess: () => toast({ title: 'Success', description: TOASTS.visibility }),
      onError: () => toast({ title: 'Error', description: TOASTS.visibilityFailed, variant: 'destructive' }),
    });
  };

  let body;
  if (!all) {
    body = reviews.isError ? (
      <ReviewsError onRetry={() => void reviews.refetch()} retrying={reviews.isFetching} />
    ) : (
      <ReviewsLoading />
    );
  } else if (all.length === 0) {
    body = <ReviewsEmpty />;
  } else {
    body = (
      <>
        <ReviewFilterBar value={filter} counts={counts} onChange={chooseFilter} />
        {shown.length === 0 ? (
          <ReviewsEmpty text={emptyFilterText(filter)} />
        ) : (
          <ul aria-label="Reviews" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {shown.map((review) => (
              <ReviewCard
                key={review.id}
                review={review}
                onToggleFeatured={toggleFeatured}
                onToggleHidden={toggleHidden}
                onDelete={openDelete}
                featuring={featured.isPending && featured.variables === review.id}
                hiding={hidden.isPending && hidden.variables === review.id}
              />
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <section
      aria-labelledby="manage-reviews-heading"
      className="space-y-5 rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <h2
            id="manage-reviews-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-semibold leading-tight tracking-tight focus:outline-none"
          >
            {TEXTS.heading}
          </h2>
          <CardDescription>
            {all !== undefined ? (waitingText(counts.waiting) ?? TEXTS.description) : TEXTS.description}
          </CardDescription>
        </div>
        <AddReviewDialog />
      </div>
      {all !== undefined && reviews.isError && (
        <ReviewsError onRetry={() => void reviews.refetch()} retrying={reviews.isFetching} />
      )}
      {body}
      <DeleteReviewDialog review={deleting} onClose={closeDelete} onCloseAutoFocus={returnFocus} />
    </section>
  );
}
