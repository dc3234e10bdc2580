/** The big figures of the period: what she was paid, what is owed, the GST, deposits, refunds, travel and km. */
import { formatCents } from '@shared/money';
import type { MoneySummary } from '@shared/schemas/money';
import { TEXTS } from '../texts';

function Figure({
  label,
  value,
  hint,
  strong = false,
}: {
  label: string;
  value: string;
  hint?: string;
  strong?: boolean;
}) {
  return (
    <div className="rounded-lg border bg-card p-3 text-card-foreground sm:p-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className={strong ? 'mt-1 text-2xl font-semibold tabular-nums' : 'mt-1 text-xl font-semibold tabular-nums'}>
        {value}
      </dd>
      {hint && <dd className="mt-1 text-xs text-muted-foreground">{hint}</dd>}
    </div>
  );
}

const km = (value: number) => `${new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 1 }).format(value)} km`;

export function MoneyFigures({ summary }: { summary: MoneySummary }) {
  const owedHint = `${summary.owedVisits} ${summary.owedVisits === 1 ? 'visit' : 'visits'} not fully paid`;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Figures for the period">
      <Figure label={TEXTS.received} value={formatCents(summary.receivedCents)} hint={TEXTS.receivedHint} strong />
      <Figure label={TEXTS.owed} value={formatCents(summary.owedCents)} hint={owedHint} strong />
      {summary.gstRegistered ? (
        <Figure label={TEXTS.gst} value={formatCents(summary.gstCents)} hint={TEXTS.gstHint} />
      ) : (
        <Figure label={TEXTS.gst} value="-" hint={TEXTS.gstNotRegistered} />
      )}
      <Figure label={TEXTS.depositsHeld} value={formatCents(summary.depositsHeldCents)} hint={TEXTS.depositsHeldHint} />
      <Figure label={TEXTS.refunds} value={formatCents(summary.refundedCents)} />
      <Figure label={TEXTS.travelFees} value={formatCents(summary.travelFeesCents)} hint={TEXTS.travelFeesHint} />
      <Figure label={TEXTS.km} value={km(summary.km)} hint={TEXTS.kmHint} />
    </dl>
  );
}
