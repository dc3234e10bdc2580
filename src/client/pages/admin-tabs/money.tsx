import { MoneyTab } from '@/features/admin/money/components/money-tab';

/** /admin/money (issue 27): her numbers for a period, GST and the CSV. */
export default function MoneyTabPage() {
  return <MoneyTab />;
}
