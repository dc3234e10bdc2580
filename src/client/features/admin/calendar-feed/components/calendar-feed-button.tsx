/**
 * 'Calendar feed' on the Appointments tab: a dialog where she creates, replaces or turns off the
 * private link her phone's calendar subscribes to (docs/product.md §2 Calendar feed).
 */
import { useIsMutating } from '@tanstack/react-query';
import { CalendarSync } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { calendarFeedKeys } from '../api/calendar-feed-keys';
import { TEXTS } from '../texts';
import { CalendarFeedPanel } from './calendar-feed-panel';

export function CalendarFeedButton() {
  const [open, setOpen] = useState(false);
  // Not closed half-way through a change: the new link is in that answer and nowhere else.
  const busy = useIsMutating({ mutationKey: calendarFeedKeys.status }) > 0;

  return (
    <Dialog open={open} onOpenChange={(next) => (next || !busy) && setOpen(next)}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <CalendarSync aria-hidden />
          {TEXTS.button}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{TEXTS.title}</DialogTitle>
          <DialogDescription>{TEXTS.description}</DialogDescription>
        </DialogHeader>
        <CalendarFeedPanel onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
