/**
 * A label, one control and its error message, tied together: the control gets the id the label
 * points at, aria-invalid while there is an error, and aria-describedby naming the message.
 */
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { FieldError } from './field-error';
import { Label } from './label';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface LabelledFieldProps {
  label: ReactNode;
  error: string | undefined;
  className?: string;
  /** Spread the given props onto the control. */
  children: (control: FieldControlProps) => ReactNode;
}

export function LabelledField({ label, error, className, children }: LabelledFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
