import { CalendarHeart } from '@/components/ui/first-load-icon';
import { Link } from 'wouter';
import type { PracticeInfo } from '@shared/practice';
import { PlainButton } from '@/components/ui/plain-button';

/** The closing call to action. */
export function ClosingCta({ practice }: { practice: PracticeInfo }) {
  return (
    <section aria-labelledby="cta-heading" className="mx-auto w-full max-w-6xl px-4 pb-16 sm:px-6 lg:pb-24">
      <div className="relative isolate overflow-hidden rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-sm sm:px-12 sm:py-16 dark:border dark:bg-accent dark:text-accent-foreground">
        <svg
          aria-hidden="true"
          viewBox="0 0 400 200"
          className="absolute -right-16 -top-10 -z-10 h-56 w-auto opacity-20"
          fill="none"
        >
          <circle cx="300" cy="60" r="120" className="stroke-current" strokeWidth="2" />
          <circle cx="300" cy="60" r="80" className="stroke-current" strokeWidth="2" />
          <circle cx="300" cy="60" r="40" className="stroke-current" strokeWidth="2" />
        </svg>
        <h2 id="cta-heading" className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          Ready to relax at home?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-pretty opacity-95">
          Choose your massage and a time that suits you, and {practice.therapistName} will bring everything to your
          door.
        </p>
        <PlainButton
          asChild
          size={null}
          variant="secondary"
          className="mt-8 h-12 px-8 text-base dark:bg-primary dark:text-primary-foreground dark:hover:bg-primary/90"
        >
          <Link href="/booking">
            <CalendarHeart aria-hidden />
            Book Your Session
          </Link>
        </PlainButton>
      </div>
    </section>
  );
}
