/**
 * Delete's confirmation (docs/product.md §2): 'Are you sure?' and its warning, word for word.
 * Bookings keep the service name and price they were booked with, so none of them changes.
 * One dialog for the whole tab (not one per card): the card goes away when the list refreshes,
 * and the success toast must not go with it.
 */
import { Loader2 } from 'lucide-react';
import type { Service } from '@shared/schemas/service';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { trackEvent } from '@/lib/analytics';
import { toast } from '@/lib/toast';
import { serverMessage } from '../../shared/action-errors';
import { useDeleteService } from '../api/delete-service';
import { TEXTS, TOASTS } from '../texts';

interface DeleteServiceDialogProps {
  /** The service to delete; null when closed. */
  service: Service | null;
  onClose: (deleted: boolean) => void;
  /** Where focus goes when the dialog closes (it has no trigger of its own). */
  onCloseAutoFocus: (event: Event) => void;
}

export function DeleteServiceDialog({ service, onClose, onCloseAutoFocus }: DeleteServiceDialogProps) {
  const remove = useDeleteService();

  const confirm = (target: Service) =>
    remove.mutate(target.id, {
      onSuccess: () => {
        trackEvent('service_deleted', { serviceId: target.id });
        toast({ title: 'Success', description: TOASTS.deleted });
        onClose(true);
      },
      onError: (error) =>
        toast({ title: 'Error', description: serverMessage(error) ?? TOASTS.deleteFailed, variant: 'destructive' }),
    });

  return (
    <Dialog open={service !== null} onOpenChange={(next) => !next && !remove.isPending && onClose(false)}>
      <DialogContent className="max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{TEXTS.deleteTitle}</DialogTitle>
          <DialogDescription>{TEXTS.deleteDescription}</DialogDescription>
        </DialogHeader>
        {service && (
          <p className="rounded-md border bg-muted/40 p-3 text-sm">
            <span className="font-medium break-words">{service.name}</span>
            <span className="mt-1 block text-muted-foreground">{TEXTS.deleteKeepsBookings}</span>
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={remove.isPending} onClick={() => onClose(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending}
            aria-busy={remove.isPending || undefined}
            onClick={() => service && confirm(service)}
          >
            {remove.isPending && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />}
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
