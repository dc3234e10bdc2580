import { Mail, Phone } from 'lucide-react';
import { changeCutoffMessage } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { phoneText } from '@/lib/phone-text';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';

/**
 * 'Contact to change' (docs/product.md §4 "Changing a visit"): inside CHANGE_CUTOFF_HOURS the link changes nothing
 * online. Why (the server's own message, word for word), and her phone and e-mail as links.
 */
export function ContactToChange({
  withButtons = true,
  canWithdraw = false,
}: {
  withButtons?: boolean;
  /** A pending request may still be withdrawn inside the cut-off (docs/product.md §4): say so beside the why. */
  canWithdraw?: boolean;
}) {
  const { data: practice } = usePracticeInfo();
  if (!practice) return null;
  return (
    <div
      role="note"
      className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <p>
        {changeCutoffMessage(practice.changeCutoffHours, practice)}
        {canWithdraw &&
          ' As it has not been confirmed yet, you can still withdraw this request with Cancel Appointment.'}
      </p>
      {withButtons && (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild variant="outline" size="sm" className="bg-background">
            <a href={`tel:${practice.phone.replace(/\s+/g, '')}`}>
              <Phone aria-hidden />
              Call {phoneText(practice.phone)}
            </a>
          </Button>
          {/* A long address wraps inside its button on a phone instead of running out of it. */}
          <Button asChild variant="outline" size="sm" className="h-auto min-h-9 whitespace-normal bg-background py-1.5">
            <a href={`mailto:${practice.email}`}>
              <Mail aria-hidden />
              <span className="min-w-0 [overflow-wrap:anywhere]">{practice.email}</span>
            </a>
          </Button>
        </div>
      )}
    </div>
  );
}
