/**
 * Income by month as bars she can read at a glance: an SVG drawn with the theme's colours (so dark mode follows),
 * one bar per month with its short name under it, a refund month's bar below the line. The figures themselves are in
 * the table under it; the SVG's title and description say what it shows for a screen reader.
 */
import { useId } from 'react';
import { monthLabel, shortMonthLabel } from '@shared/money-periods';
import { formatCents } from '@shared/money';
import type { MoneyMonth } from '@shared/schemas/money';

const WIDTH = 640;
const HEIGHT = 220;
const AXIS = 24;
const TOP = 22;

export function IncomeChart({ months, title }: { months: readonly MoneyMonth[]; title: string }) {
  const id = useId();
  const max = Math.max(1, ...months.map((m) => m.receivedCents));
  const min = Math.min(0, ...months.map((m) => m.receivedCents));
  const plot = HEIGHT - AXIS - TOP;
  const scale = plot / (max - min);
  const zeroY = TOP + max * scale;
  const slot = WIDTH / Math.max(1, months.length);
  const barWidth = Math.min(48, slot * 0.62);
  const best = months.reduce<MoneyMonth | null>((b, m) => (!b || m.receivedCents > b.receivedCents ? m : b), null);
  const description = months.map((m) => `${monthLabel(m.month)}: ${formatCents(m.receivedCents)}`).join('; ');

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full"
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <line x1={0} x2={WIDTH} y1={zeroY} y2={zeroY} className="stroke-border" strokeWidth={1} />
      {months.map((m, i) => {
        const x = i * slot + (slot - barWidth) / 2;
        const h = Math.abs(m.receivedCents) * scale;
        const y = m.receivedCents >= 0 ? zeroY - h : zeroY;
        const isBest = best !== null && m.month === best.month && m.receivedCents > 0;
        return (
          <g key={m.month}>
            <rect
              x={x}
              y={y}
              width={barWidth}
              height={Math.max(h, m.receivedCents === 0 ? 0 : 1)}
              rx={3}
              className={m.receivedCents < 0 ? 'fill-red-600 dark:fill-red-400' : 'fill-primary'}
            />
            {isBest && (
              <text
                x={x + barWidth / 2}
                y={y - 6}
                textAnchor="middle"
                className="fill-foreground text-[13px] font-semibold"
              >
                {formatCents(m.receivedCents).replace(/\.\d\d$/, '')}
              </text>
            )}
            <text
              x={i * slot + slot / 2}
              y={HEIGHT - 6}
              textAnchor="middle"
              className="fill-muted-foreground text-[13px]"
            >
              {shortMonthLabel(m.month)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
