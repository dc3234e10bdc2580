/**
 * The foot of the Payments panel's small forms (record a payment, void one, refund one by card): the form's error
 * from the server, then submit (a spinner while it runs) and the button that closes the form. One place, so the
 * forms behave alike.
 */
import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function FormFooter({
  error,
  pending,
  submitLabel,
  closeLabel = 'Keep it',
  onClose,
  compact = false,
  destructive = false,
}: {
  /** The server's refusal of the whole form (a field's message stays under its field). */
  error?: string;
  pending: boolean;
  submitLabel: string;
  closeLabel?: string;
  onClose: () => void;
  /** The small buttons of a form inside a payment's line. */
  compact?: boolean;
  destructive?: boolean;
}) {
  const size = compact ? 'sm' : 'default';
  return (
    <>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          size={size}
          variant={destructive ? 'destructive' : 'default'}
          disabled={pending}
          aria-busy={pending || undefined}
        >
          {pending && <Loader2 className="animate-spin" aria-hidden />}
          {submitLabel}
        </Button>
        <Button type="button" size={size} variant="outline" onClick={onClose}>
          {closeLabel}
        </Button>
      </div>
    </>
  );
}
