import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

export function fieldIds(name: string) {
  return { input: `booking-${name}`, error: `booking-${name}-error`, hint: `booking-${name}-hint` };
}

/** aria-describedby for a field: its hint and its error, when present. */
export function describedBy(name: string, { hint, error }: { hint?: boolean; error?: boolean }): string | undefined {
  const ids = fieldIds(name);
  const list = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean);
  return list.length > 0 ? list.join(' ') : undefined;
}

interface FormFieldProps {
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}

/** A labelled field with its hint and error tied to the input through the ids of fieldIds(name). */
export function FormField({ name, label, error, hint, optional, className, children }: FormFieldProps) {
  const ids = fieldIds(name);
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={ids.input}>
        {label}
        {optional && <span className="font-normal text-muted-foreground"> (optional)</span>}
      </Label>
      {children}
      {hint && (
        <p id={ids.hint} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.error} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
