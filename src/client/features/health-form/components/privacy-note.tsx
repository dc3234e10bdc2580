/** The short privacy statement (src/shared/privacy.ts, word for word) and the way to the full page. */
import { ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { useRetentionYears } from '@/lib/use-retention-years';

export function PrivacyNote() {
  const { statement } = useRetentionYears();
  return (
    <section aria-labelledby="health-privacy-heading" className="rounded-md bg-muted/60 p-4 text-sm">
      <h2 id="health-privacy-heading" className="flex items-center gap-2 font-semibold">
        <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden />
        Your privacy
      </h2>
      <p className="mt-2 leading-relaxed text-muted-foreground">{statement}</p>
      <p className="mt-2">
        <Link href="/privacy" className="font-medium text-foreground underline underline-offset-4 hover:no-underline">
          Read more about privacy
        </Link>
      </p>
    </section>
  );
}
