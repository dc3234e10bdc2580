/**
 * A section's Save button and what became of the last try: its problems are announced (role=alert) while the first
 * field at fault takes the focus, so a screen reader hears both the summary and that field's message.
 */
import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface SaveRowProps {
  label: string;
  saving: boolean;
  disabled?: boolean;
  /** How many fields are marked wrong after a try. */
  errorCount: number;
  /** A refusal no field of this form names. */
  formError: string | null;
}

export function SaveRow({ label, saving, disabled = false, errorCount, formError }: SaveRowProps) {
  const summary =
    formError ??
    (errorCount === 0
      ? ''
      : `Not saved: ${errorCount === 1 ? 'one field needs' : `${errorCount} fields need`} changing (marked above).`);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <Button type="submit" disabled={saving || disabled} className="sm:self-start">
        {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {saving ? 'Saving…' : label}
      </Button>
      <p role="alert" className="text-sm font-medium text-destructive empty:hidden">
        {summary}
      </p>
    </div>
  );
}
