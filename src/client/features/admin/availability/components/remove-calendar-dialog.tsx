/** 'Remove <name>?': its busy times stop blocking bookings once it is gone. */
import type { OtherCalendar } from '@shared/schemas/other-calendar';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { serverMessage } from '../../shared/action-errors';
import { ConfirmFooter } from '../../shared/components/confirm-footer';
import { useRemoveCalendar } from '../api/remove-calendar';
import { CALENDAR_TEXTS as T, CALENDAR_TOASTS } from '../texts';

interface RemoveCalendarDialogProps {
  calendar: OtherCalendar;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function RemoveCalendarDialog({ calendar, open, onOpenChange }: RemoveCalendarDialogProps) {
  const remove = useRemoveCalendar();
  // mutateAsync, not mutate's callbacks: the refresh after the removal drops this calendar from
  // the list, which unmounts this dialog first, and TanStack Query then skips mutate's onSuccess
  // (no 'Calendar removed' toast). The promise settles whether or not the dialog is still there.
  const confirm = () =>
    void remove.mutateAsync(calendar.id).then(
      () => {
        toast(CALENDAR_TOASTS.removed);
        onOpenChange(false);
      },
      (error: unknown) =>
        toast({
          title: 'Error',
          description: serverMessage(error) ?? CALENDAR_TOASTS.removeFailed,
          variant: 'destructive',
        }),
    );

  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{T.remove} calendar</DialogTitle>
          <DialogDescription className="break-words">{T.removeQuestion(calendar.name)}</DialogDescription>
        </DialogHeader>
        <ConfirmFooter
          destructive
          pending={remove.isPending}
          backLabel={T.cancel}
          confirmLabel={T.remove}
          onBack={() => onOpenChange(false)}
          onConfirm={confirm}
        />
      </DialogContent>
    </Dialog>
  );
}
