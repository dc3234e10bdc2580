import { MoneyTab } from '@/features/admin/money/components/money-tab';

/** /admin/money (docs/product.md §18.4): her numbers for a period, GST and the CSV. */
export default function MoneyTabPage() {
  return <MoneyTab />;
}
