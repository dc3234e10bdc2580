/** /booking/health/{token} (docs/product.md §13): the client's health form for the booking. Never indexed. */
import { useParams } from 'wouter';
import { HealthFormScreen } from '@/features/health-form/components/health-form-screen';
import { useNoIndex } from '@/lib/use-no-index';

export default function BookingHealthPage() {
  const { token = '' } = useParams<{ token: string }>();
  useNoIndex();
  return <HealthFormScreen token={token} />;
}
