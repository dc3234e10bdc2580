/**
 * /gift-vouchers (docs/product.md §18.5): buy a gift voucher by card, and check what is left on one.
 * Back from Stripe Checkout with `?paid=1`, it thanks the buyer (the voucher is issued by the server once Stripe
 * says it is paid).
 */
import { CheckCircle2, Gift } from 'lucide-react';
import { useSearch } from 'wouter';
import { Skeleton } from '@/components/ui/skeleton';
import { useVoucherOptions } from '@/features/gift-vouchers/api/get-voucher-options';
import { VoucherBalanceCheck } from '@/features/gift-vouchers/components/voucher-balance-check';
import { VoucherPurchaseForm } from '@/features/gift-vouchers/components/voucher-purchase-form';
import { TEXTS } from '@/features/gift-vouchers/texts';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function GiftVouchersPage() {
  useDocumentTitle(TEXTS.title);
  const paid = new URLSearchParams(useSearch()).get('paid') === '1';
  const options = useVoucherOptions();

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 lg:py-16">
      <header className="max-w-2xl">
        <h1 className="flex items-center gap-3 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          <Gift className="size-8 shrink-0 text-primary" aria-hidden />
          {TEXTS.title}
        </h1>
        <p className="mt-3 text-lg leading-relaxed text-muted-foreground text-pretty">{TEXTS.lead}</p>
        {options.data && (
          <p className="mt-2 text-sm text-muted-foreground">{TEXTS.validity(options.data.expiryMonths)}</p>
        )}
      </header>

      {paid && (
        <div role="status" className="mt-8 flex gap-3 rounded-xl border border-primary/40 bg-primary/5 p-5">
          <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden />
          <div>
            <h2 className="text-lg font-semibold">{TEXTS.paidTitle}</h2>
            <p className="mt-1 text-muted-foreground">{TEXTS.paidText}</p>
          </div>
        </div>
      )}

      <section
        aria-label="Buy a gift voucher"
        className="mt-8 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
      >
        {options.data ? (
          options.data.canBuy ? (
            <VoucherPurchaseForm options={options.data} />
          ) : (
            <p className="text-muted-foreground">{TEXTS.cannotBuy}</p>
          )
        ) : options.isError ? (
          <p role="alert">{TEXTS.loadError}</p>
        ) : (
          <div role="status" className="grid gap-3">
            <span className="sr-only">{TEXTS.loading}</span>
            <Skeleton className="h-24" />
            <Skeleton className="h-40" />
          </div>
        )}
      </section>

      <section
        aria-labelledby="check-heading"
        className="mt-8 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
      >
        <h2 id="check-heading" className="text-xl font-semibold tracking-tight">
          {TEXTS.checkTitle}
        </h2>
        <p className="mt-1.5 mb-4 text-sm text-muted-foreground">{TEXTS.checkLead}</p>
        <VoucherBalanceCheck />
      </section>
    </div>
  );
}
