/** /waitlist/offer/{token} (docs/product.md §4 "Waitlist"): a freed time offered to a waitlisted visitor. Never
 * indexed. */
import { useParams } from 'wouter';
import { OfferScreen } from '@/features/waitlist/components/offer-screen';
import { useNoIndex } from '@/lib/use-no-index';

export default function WaitlistOfferPage() {
  const { token = '' } = useParams<{ token: string }>();
  useNoIndex();
  return <OfferScreen token={token} />;
}
