/**
 * The Money tab (docs/product.md §18.4): her numbers for a month, a quarter or the NZ tax year, the chart of
 * income by month with its table, income by service, the GST return periods when she is registered, and the CSV
 * for her accountant. Every figure is the server's (GET /api/admin/money); this screen only shows them.
 */
import { Download } from 'lucide-react';
import { useState } from 'react';
import { moneyExportUrl } from '@shared/schemas/money';
import { nzNumericDate } from '@shared/money-periods';
import { nzToday } from '@shared/time';
import { buttonVariants } from '@/components/ui/button-variants';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { LoadError } from '../../shared/components/load-error';
import { useMoneySummary } from '../api/get-money-summary';
import { chosenRange } from '../period-choice';
import { TEXTS } from '../texts';
import { IncomeChart } from './income-chart';
import { MoneyFigures } from './money-figures';
import { GstTable, MonthTable, ServiceTable } from './money-tables';
import { PeriodPicker, type PeriodValue } from './period-picker';
import { VouchersSection } from './vouchers-section';

function Section({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border bg-card p-3 text-card-foreground sm:p-5">
      <h3 className="text-base font-semibold">{title}</h3>
      {hint && <p className="mt-1 text-sm text-muted-foreground">{hint}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function MoneyTab() {
  const [today] = useState(() => nzToday());
  const [period, setPeriod] = useState<PeriodValue>(() => ({
    kind: 'tax-year',
    value: chosenRange('tax-year', undefined, today).value,
    gstPeriod: 2,
  }));
  const { range, label } = chosenRange(period.kind, period.value, today);
  const money = useMoneySummary(range, period.gstPeriod);
  const summary = money.data;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold">{TEXTS.title}</h2>
          <p className="text-sm text-muted-foreground">{TEXTS.description}</p>
        </div>
        <a
          href={moneyExportUrl(range)}
          download
          className={cn(buttonVariants({ variant: 'outline' }), 'self-start sm:self-auto')}
          title={TEXTS.exportHint}
        >
          <Download aria-hidden />
          {TEXTS.exportCsv}
        </a>
      </div>
      <PeriodPicker period={period} today={today} showGst={summary?.gstRegistered ?? true} onChange={setPeriod} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {label}: {nzNumericDate(range.from)} to {nzNumericDate(range.to)} (NZ dates, both included)
      </p>

      {!summary ? (
        money.isError ? (
          <LoadError title={TEXTS.loadError} onRetry={() => void money.refetch()} retrying={money.isFetching} />
        ) : (
          <div role="status" className="space-y-3">
            <p className="text-sm text-muted-foreground">{TEXTS.loading}</p>
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-hidden>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-20" />
              ))}
            </div>
          </div>
        )
      ) : (
        <div
          aria-busy={money.isPlaceholderData || undefined}
          className={cn('space-y-4', money.isPlaceholderData && 'opacity-60')}
        >
          {money.isError && (
            <LoadError title={TEXTS.loadError} onRetry={() => void money.refetch()} retrying={money.isFetching} />
          )}
          <MoneyFigures summary={summary} />
          <Section title={TEXTS.byMonth}>
            <IncomeChart months={summary.byMonth} title={`${TEXTS.byMonth}, ${label}`} />
            <div className="mt-3">
              <MonthTable summary={summary} />
            </div>
          </Section>
          <Section title={TEXTS.byService}>
            <ServiceTable summary={summary} />
          </Section>
          {summary.gstRegistered && (
            <Section title={TEXTS.gstPeriods} hint={TEXTS.gstPeriodsHint}>
              <GstTable summary={summary} />
            </Section>
          )}
          <VouchersSection summary={summary} />
        </div>
      )}
    </div>
  );
}
