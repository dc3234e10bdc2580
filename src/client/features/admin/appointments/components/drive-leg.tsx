/**
 * One leg of her drive in the day list (docs/product.md §10): the drive, a quieter note when a place is
 * unknown, and an amber warning when the gap is too short. Drawn as a dashed connector between
 * the appointments so it reads as the road, not as another appointment.
 */
import { Car, MapPinOff, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { DayRouteLeg } from '@shared/schemas/day-route';
import { cn } from '@/lib/utils';
import { legLines, type LegTone } from '../route-legs';

const TONES: Record<LegTone, { icon: LucideIcon; className: string }> = {
  drive: { icon: Car, className: 'text-muted-foreground' },
  note: { icon: MapPinOff, className: 'italic text-muted-foreground' },
  // Amber text on an amber tint: readable in both themes (axe's contrast check passes).
  warning: {
    icon: TriangleAlert,
    className:
      'w-fit rounded-md border border-amber-300 bg-amber-50 px-2 py-1 font-medium not-italic text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100',
  },
};

export function DriveLeg({ leg }: { leg: DayRouteLeg | undefined }) {
  if (!leg) return null;
  return (
    <div className="ml-4 flex flex-col gap-1 border-l-2 border-dashed py-1 pl-3" data-leg={leg.kind}>
      {legLines(leg).map(({ tone, text }) => {
        const { icon: Icon, className } = TONES[tone];
        return (
          <p key={text} className={cn('flex items-start gap-2 text-xs leading-5', className)} data-tone={tone}>
            <Icon className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            <span>{text}</span>
          </p>
        );
      })}
    </div>
  );
}
