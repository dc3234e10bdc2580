/**
 * The Money tab's gift vouchers (docs/product.md §18.5): the period's figures kept apart from takings, the
 * vouchers issued with what is left on each, a voucher she sold off-line, and her settings.
 */
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { nzNumericDate } from '@shared/money-periods';
import { formatCents } from '@shared/money';
import type { MoneySummary } from '@shared/schemas/money';
import { VOUCHER_SALE_METHOD_LABELS, type AdminVoucher } from '@shared/schemas/vouchers';
import { VOUCHER_STATUS_LABELS } from '@shared/vouchers';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useVouchers } from '../api/get-vouchers';
import { useVoucherSettings } from '../api/get-voucher-settings';
import { VOUCHER_TEXTS as T } from '../voucher-texts';
import { AddVoucherDialog } from './add-voucher-dialog';
import { VoucherSettingsForm } from './voucher-settings-form';

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums">{value}</dd>
      <dd className="mt-1 text-xs text-muted-foreground">{hint}</dd>
    </div>
  );
}

function VoucherItem({ v }: { v: AdminVoucher }) {
  return (
    <li className="flex flex-col gap-1 border-b py-3 last:border-b-0 sm:flex-row sm:items-baseline sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium">
          <span className="font-mono">…{v.codeHint}</span> · {v.recipientName}{' '}
          <span className="font-normal text-muted-foreground">
            {T.from} {v.buyerName}
          </span>
        </p>
        <p className="text-xs text-muted-foreground">
          {nzNumericDate(v.soldOn)} · {v.channel === 'online' ? T.online : VOUCHER_SALE_METHOD_LABELS[v.saleMethod]}
          {v.serviceLabel ? ` · ${v.serviceLabel}` : ''} · {T.validUntil} {nzNumericDate(v.expiresOn)}
        </p>
      </div>
      <p className="flex items-center gap-2 tabular-nums sm:shrink-0">
        <span>
          {formatCents(v.balanceCents)} {T.left} / {formatCents(v.valueCents)}
        </span>
        <Badge variant={v.status === 'active' ? 'secondary' : 'outline'}>{VOUCHER_STATUS_LABELS[v.status]}</Badge>
      </p>
    </li>
  );
}

export function VouchersSection({ summary }: { summary: MoneySummary }) {
  const [adding, setAdding] = useState(false);
  const vouchers = useVouchers();
  const settings = useVoucherSettings();
  const figures = summary.vouchers;
  return (
    <section aria-labelledby="vouchers-title" className="rounded-lg border bg-card p-3 text-card-foreground sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id="vouchers-title" className="text-base font-semibold">
            {T.title}
          </h3>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{T.hint}</p>
        </div>
        <Button type="button" variant="outline" className="self-start" onClick={() => setAdding(true)}>
          <Plus aria-hidden />
          {T.add}
        </Button>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={T.title}>
        <Figure label={T.sold} value={formatCents(figures.soldCents)} hint={T.soldHint(figures.soldCount)} />
        <Figure label={T.redeemed} value={formatCents(figures.redeemedCents)} hint={T.redeemedHint} />
        <Figure label={T.outstanding} value={formatCents(figures.outstandingCents)} hint={T.outstandingHint} />
        <Figure label={T.expired} value={formatCents(figures.expiredUnspentCents)} hint={T.expiredHint} />
      </dl>

      <h4 className="mt-5 text-sm font-semibold">{T.list}</h4>
      {vouchers.data && vouchers.data.vouchers.length === 0 && (
        <p className="mt-2 text-sm text-muted-foreground">{T.none}</p>
      )}
      {vouchers.data && vouchers.data.vouchers.length > 0 && (
        <ul aria-label={T.list} className="mt-1 text-sm">
          {vouchers.data.vouchers.map((v) => (
            <VoucherItem key={v.id} v={v} />
          ))}
        </ul>
      )}

      <details className="mt-5 rounded-md border p-3">
        <summary className="cursor-pointer text-sm font-semibold">{T.settings}</summary>
        <div className="mt-3">{settings.data && <VoucherSettingsForm settings={settings.data} />}</div>
      </details>
      <AddVoucherDialog open={adding} onOpenChange={setAdding} />
    </section>
  );
}
