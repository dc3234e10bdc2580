/**
 * Delete's confirmation (docs/product.md §19): a review goes for good, from her list and every page. One dialog for the
 * whole tab (not one per card): the card goes away with the delete, and the toast must not go with it.
 */
import type { Review } from '@shared/schemas/review';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { serverMessage } from '../../shared/action-errors';
import { ConfirmFooter } from '../../shared/components/confirm-footer';
import { useDeleteReview } from '../api/delete-review';
import { TEXTS, TOASTS } from '../texts';

interface DeleteReviewDialogProps {
  /** The review to delete; null when closed. */
  review: Review | null;
  onClose: (deleted: boolean) => void;
  /** Where focus goes when the dialog closes (it has no trigger of its own). */
  onCloseAutoFocus: (event: Event) => void;
}

export function DeleteReviewDialog({ review, onClose, onCloseAutoFocus }: DeleteReviewDialogProps) {
  const remove = useDeleteReview();

  const confirm = () => {
    if (!review) return;
    remove.mutate(review.id, {
      onSuccess: () => {
        toast({ title: 'Success', description: TOASTS.deleted });
        onClose(true);
      },
      onError: (error) =>
        toast({ title: 'Error', description: serverMessage(error) ?? TOASTS.deleteFailed, variant: 'destructive' }),
    });
  };

  return (
    <Dialog open={review !== null} onOpenChange={(next) => !next && !remove.isPending && onClose(false)}>
      <DialogContent className="max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{TEXTS.deleteTitle}</DialogTitle>
          <DialogDescription>{TEXTS.deleteDescription}</DialogDescription>
        </DialogHeader>
        {review && (
          <p className="rounded-md border bg-muted/40 p-3 text-sm">
            <span className="font-medium [overflow-wrap:anywhere]">{review.name}</span>
            <span className="mt-1 line-clamp-3 block text-muted-foreground [overflow-wrap:anywhere]">
              {review.comment}
            </span>
          </p>
        )}
        <ConfirmFooter
          pending={remove.isPending}
          backLabel="Cancel"
          confirmLabel={remove.isPending ? 'Deleting...' : 'Delete'}
          onBack={() => onClose(false)}
          onConfirm={confirm}
          destructive
        />
      </DialogContent>
    </Dialog>
  );
}
