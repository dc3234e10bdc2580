import { OutboxTab } from '@/features/admin/outbox/components/outbox-tab';

/** /admin/outbox (docs/product.md §2 Outbox): every e-mail the site sent or is sending. */
export default function OutboxTabPage() {
  return <OutboxTab />;
}
