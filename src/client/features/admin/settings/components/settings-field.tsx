/**
 * A label, one control, its hint and its error, tied together: the control gets the id the label points at,
 * aria-invalid while there is an error, and aria-describedby naming the hint and the message.
 */
import { useId, type ReactNode } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import type { FieldControlProps } from '@/components/ui/labelled-field';
import { cn } from '@/lib/utils';

interface SettingsFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error: string | undefined;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function SettingsField({ label, hint, error, className, children }: SettingsFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id} className="leading-snug">
        {label}
      </Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
