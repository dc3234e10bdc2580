import { PendingRequestsTab } from '@/features/admin/pending/components/pending-requests-tab';

/** /admin/pending (docs/product.md §2): the requests waiting for her answer. */
export default function PendingTabPage() {
  return <PendingRequestsTab />;
}
