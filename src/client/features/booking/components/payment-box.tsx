/** A box about paying on the booking's page (the Deposit, the balance by card): a heading with its icon, then more. */
import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';

export function PaymentBox({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-md border border-primary/30 bg-primary/5 p-4 text-sm"
    >
      <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <Icon className="size-4 shrink-0 text-primary" aria-hidden />
        {title}
      </h3>
      {children}
    </section>
  );
}
