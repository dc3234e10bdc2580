/** The period the tab shows: its kind, which one, and the GST return period (native selects: the phone's picker). */
import { useId } from 'react';
import { GST_PERIOD_MONTHS, type GstPeriodMonths } from '@shared/money-periods';
import { Label } from '@/components/ui/label';
import { PERIOD_KIND_LABELS, PERIOD_KINDS, periodOptions, type PeriodKind } from '../period-choice';
import { GST_PERIOD_LABELS, TEXTS } from '../texts';

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm';

export interface PeriodValue {
  kind: PeriodKind;
  /** The chosen range's first day. */
  value: string;
  gstPeriod: GstPeriodMonths;
}

interface PeriodPickerProps {
  period: PeriodValue;
  today: string;
  showGst: boolean;
  onChange: (period: PeriodValue) => void;
}

export function PeriodPicker({ period, today, showGst, onChange }: PeriodPickerProps) {
  const id = useId();
  const options = periodOptions(period.kind, today);
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-kind`}>{TEXTS.period}</Label>
        <select
          id={`${id}-kind`}
          className={selectClass}
          value={period.kind}
          onChange={(e) => {
            const kind = e.target.value as PeriodKind;
            onChange({ ...period, kind, value: periodOptions(kind, today)[0]!.value });
          }}
        >
          {PERIOD_KINDS.map((k) => (
            <option key={k} value={k}>
              {PERIOD_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-which`}>{TEXTS.which}</Label>
        <select
          id={`${id}-which`}
          className={selectClass}
          value={period.value}
          disabled={options.length === 1}
          onChange={(e) => onChange({ ...period, value: e.target.value })}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {showGst && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-gst`}>{TEXTS.gstPeriod}</Label>
          <select
            id={`${id}-gst`}
            className={selectClass}
            value={period.gstPeriod}
            onChange={(e) => onChange({ ...period, gstPeriod: Number(e.target.value) as GstPeriodMonths })}
          >
            {GST_PERIOD_MONTHS.map((n) => (
              <option key={n} value={n}>
                {GST_PERIOD_LABELS[n]}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
