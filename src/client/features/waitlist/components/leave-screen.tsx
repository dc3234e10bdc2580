/** /waitlist/leave/{token} (docs/product.md §4 "Waitlist"): the visitor leaves the waitlist by the e-mailed link, with
 * one button. */
import { BellOff, CalendarX, Loader2 } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import { WaitlistPanel } from './waitlist-panel';

export function LeaveScreen({ token }: { token: string }) {
  useDocumentTitle('Leave the waitlist');
  const leave = useLeaveWaitlist(token);
  const home = (
    <Button asChild variant="outline">
      <Link href="/">Return to Home</Link>
    </Button>
  );
  if (leave.isSuccess) {
    return (
      <WaitlistPanel icon={BellOff} title="You have left the waitlist" actions={home}>
        <p>We will not e-mail you about free times any more. You are welcome to book again at any time.</p>
      </WaitlistPanel>
    );
  }
  if (leave.isError) {
    const message =
      leave.error instanceof ApiError && leave.error.body?.message
        ? leave.error.body.message
        : 'Something went wrong. Please try again.';
    return (
      <WaitlistPanel icon={CalendarX} title="Could not leave the waitlist" actions={home}>
        <p role="alert">{message}</p>
      </WaitlistPanel>
    );
  }
  return (
    <WaitlistPanel
      icon={BellOff}
      title="Leave the waitlist?"
      actions={
        <Button onClick={() => leave.mutate()} disabled={leave.isPending}>
          {leave.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Leave the waitlist
        </Button>
      }
    >
      <p>You will no longer be told when a time opens. A time held for you goes to the next person.</p>
    </WaitlistPanel>
  );
}
