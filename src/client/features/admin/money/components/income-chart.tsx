/**
 * Income by month as bars she can read at a glance. The bars are an SVG stretched to the box (theme colours, so
 * dark mode follows; a month of refunds below the line, in red); the month names are HTML under it, so they keep
 * their size on a 360 px phone and on a desktop. The figures are in the table under it; the SVG's title and
 * description say what it shows for a screen reader.
 */
import { useId } from 'react';
import { monthLabel, shortMonthLabel } from '@shared/money-periods';
import { formatCents } from '@shared/money';
import type { MoneyMonth } from '@shared/schemas/money';

/** The drawing's own units; the SVG is stretched to its box (preserveAspectRatio none), bars have no text. */
const WIDTH = 100;
const HEIGHT = 100;

export function IncomeChart({ months, title }: { months: readonly MoneyMonth[]; title: string }) {
  const id = useId();
  const max = Math.max(1, ...months.map((m) => m.receivedCents));
  const min = Math.min(0, ...months.map((m) => m.receivedCents));
  const scale = HEIGHT / (max - min);
  const zeroY = max * scale;
  const slot = WIDTH / Math.max(1, months.length);
  const barWidth = slot * 0.62;
  const description = months.map((m) => `${monthLabel(m.month)}: ${formatCents(m.receivedCents)}`).join('; ');

  return (
    <div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="block h-36 w-full sm:h-48"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {months.map((m, i) => {
          const h = Math.abs(m.receivedCents) * scale;
          return (
            <rect
              key={m.month}
              x={i * slot + (slot - barWidth) / 2}
              y={m.receivedCents >= 0 ? zeroY - h : zeroY}
              width={barWidth}
              height={h}
              className={m.receivedCents < 0 ? 'fill-red-600 dark:fill-red-400' : 'fill-primary'}
            />
          );
        })}
        <line
          x1={0}
          x2={WIDTH}
          y1={zeroY}
          y2={zeroY}
          className="stroke-border"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <div
        aria-hidden
        className="mt-1 grid text-center text-[11px] text-muted-foreground sm:text-xs"
        style={{ gridTemplateColumns: `repeat(${Math.max(1, months.length)}, minmax(0, 1fr))` }}
      >
        {months.map((m) => (
          <span key={m.month}>{shortMonthLabel(m.month)}</span>
        ))}
      </div>
    </div>
  );
}
