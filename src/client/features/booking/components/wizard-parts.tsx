import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCents } from '@shared/money';
import type { DurationOption } from '@shared/schemas/service';
import { Button } from '@/components/ui/button';
import { formatDuration } from '@/lib/format';

/** The row of Back / Continue buttons under a step. */
export function StepActions({ children }: { children: ReactNode }) {
  return <div className="mt-8 flex items-center justify-between gap-3 border-t pt-6">{children}</div>;
}

/** Step 2's reminder of the chosen service, with a way back to step 1. */
export function ChosenService({
  name,
  option,
  onChange,
}: {
  name: string;
  option: DurationOption;
  onChange: () => void;
}) {
  return (
    <div className="mb-6 flex items-center justify-between gap-3 rounded-md bg-muted/60 py-2.5 pr-2 pl-4">
      <p className="min-w-0 text-sm">
        <span className="block font-semibold">{name}</span>
        <span className="block text-muted-foreground">
          {formatDuration(option.duration)}
          {' · '}
          {formatCents(option.price)}
        </span>
      </p>
      <Button type="button" variant="ghost" size="sm" onClick={onChange} aria-label={`Change service (${name})`}>
        <Pencil aria-hidden />
        Change
      </Button>
    </div>
  );
}
