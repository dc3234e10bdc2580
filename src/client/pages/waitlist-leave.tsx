/** /waitlist/leave/{token} (docs/product.md §4 "Waitlist"): leave the waitlist. Never indexed. */
import { useParams } from 'wouter';
import { LeaveScreen } from '@/features/waitlist/components/leave-screen';
import { useNoIndex } from '@/lib/use-no-index';

export default function WaitlistLeavePage() {
  const { token = '' } = useParams<{ token: string }>();
  useNoIndex();
  return <LeaveScreen token={token} />;
}
