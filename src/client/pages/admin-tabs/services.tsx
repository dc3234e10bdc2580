import { ServicesTab } from '@/features/admin/services/components/services-tab';

/** /admin/services (docs/product.md §2). */
export default function ServicesTabPage() {
  return <ServicesTab />;
}
