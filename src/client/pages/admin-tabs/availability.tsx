import { AvailabilityTab } from '@/features/admin/availability/components/availability-tab';

/** /admin/availability (docs/product.md §2): weekly hours and blocked dates. */
export default function AvailabilityTabPage() {
  return <AvailabilityTab />;
}
