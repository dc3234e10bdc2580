import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

export const WIZARD_STEPS = ['Select Service', 'Choose Date & Time', 'Your Information', 'Confirmation'] as const;

/** The four-step indicator (docs/product.md §2): an ordered list, the current step marked aria-current="step". */
export function StepIndicator({ current, className }: { current: 1 | 2 | 3 | 4; className?: string }) {
  return (
    <nav aria-label="Booking progress" className={className}>
      <ol className="grid grid-cols-4 gap-1 sm:gap-2">
        {WIZARD_STEPS.map((label, index) => {
          const step = index + 1;
          const done = step < current;
          const active = step === current;
          return (
            <li
              key={label}
              aria-current={active ? 'step' : undefined}
              className="relative flex flex-col items-center gap-1.5 text-center"
            >
              {index > 0 && (
                <span
                  aria-hidden
                  className={cn(
                    'absolute top-4 right-1/2 h-0.5 w-full -translate-y-1/2',
                    step <= current ? 'bg-primary' : 'bg-border',
                  )}
                />
              )}
              <span
                aria-hidden
                className={cn(
                  'relative z-10 flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold transition-colors',
                  done && 'border-primary bg-primary text-primary-foreground',
                  active && 'border-primary bg-background text-primary',
                  !done && !active && 'border-border bg-background text-muted-foreground',
                )}
              >
                {done ? <Check className="size-4" strokeWidth={3} /> : step}
              </span>
              <span
                className={cn(
                  'text-[0.7rem] leading-tight sm:text-sm',
                  active ? 'font-semibold text-foreground' : done ? 'text-foreground/80' : 'text-muted-foreground',
                )}
              >
                <span className="sr-only">{`Step ${step}: `}</span>
                {label}
                {done && <span className="sr-only"> (completed)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
