import type { DaySheetVisit } from '@shared/schemas/day-sheet';
import { CheckInButtons } from '@/features/admin/check-in/components/check-in-buttons';
import { ReceiptActions } from '@/features/admin/receipts/components/receipt-actions';
import { TodayTab } from '@/features/admin/today/components/today-tab';

/** What each visit carries under it; one function for the page's life, so a card that did not change is not redrawn. */
function visitActions(visit: DaySheetVisit) {
  return (
    <div className="grid gap-3">
      <CheckInButtons bookingId={visit.bookingId} startsAt={visit.startsAt} endsAt={visit.endsAt} />
      {/* docs/product.md §18.3: her receipts for the visit, once something was paid for it. */}
      <ReceiptActions bookingId={visit.bookingId} hasPayments={visit.balance.status !== 'unpaid'} />
    </div>
  );
}

/** /admin/today (docs/product.md §16): the day sheet, kept on her phone, with check-in and receipts on each visit. */
export default function TodayTabPage() {
  return <TodayTab visitActions={visitActions} />;
}
