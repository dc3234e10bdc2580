import { useQuery } from '@tanstack/react-query';
import { Clock, ExternalLink, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BUSINESS_TIME_ZONE, NZ_TIME_NOTE } from '@shared/constants';
import type { PracticeInfo } from '@shared/practice';
import type { SessionUser } from '@shared/schemas/auth';
import type { BusinessHours } from '@shared/schemas/hours';
import { Skeleton } from '@/components/ui/skeleton';
import { CLOSED_LABEL, mergeBusinessHours } from '@/features/hours/merge-hours';
import { getQueryFn } from '@/lib/api';
import { clearSignedInHint, hasSignedInHint } from '@/lib/signed-in-hint';
import { LogoMark } from './brand';

/**
 * The current year in New Zealand. Intl rather than src/shared/time.ts here: the footer is in
 * the first bundle, and time.ts's formatting would add date-fns to it for one number.
 */
function nzYear(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-NZ', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric' }).format(now);
}

/** 'tel:' target: digits and a leading + only ('021 555 0123' -> tel:0215550123). */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function FooterHeading({ children }: { children: ReactNode }) {
  return <h2 className="text-sm font-semibold uppercase tracking-wider text-foreground">{children}</h2>;
}

function ContactItem({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="mt-0.5 text-primary [&_svg]:size-4" aria-hidden>
        {icon}
      </span>
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

const linkClass =
  'rounded-sm underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The business-hours list with the SPEC §2 merging rules. */
export function BusinessHoursList() {
  const hours = useQuery<BusinessHours[]>({ queryKey: ['/api/business-hours'] });
  if (hours.isPending) {
    return (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-4 w-40" />
      </div>
    );
  }
  const summary = mergeBusinessHours(hours.data);
  if (!summary.open) return <p className="text-sm">{CLOSED_LABEL}</p>;
  return (
    <div className="text-sm">
      <dl className="space-y-2">
        {summary.lines.map((line) => (
          <div key={line.days} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
            <dt className="font-medium text-foreground">{line.days}</dt>
            <dd className="tabular-nums">{line.hours}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 flex items-center gap-1.5 text-xs">
        <Clock className="size-3.5" aria-hidden />
        {NZ_TIME_NOTE}
      </p>
    </div>
  );
}

export function SiteFooter() {
  const { data: practice } = useQuery<PracticeInfo>({ queryKey: ['/api/practice'] });
  // Only presence matters. Visitors who never signed in are not asked at all; a stale
  // hint (expired session) gets null and is dropped.
  const { data: user } = useQuery<SessionUser | null>({
    queryKey: ['/api/auth/me'],
    queryFn: async (context) => {
      const me = await getQueryFn<SessionUser | null>({ on401: 'returnNull' })(context);
      if (!me) clearSignedInHint();
      return me;
    },
    enabled: hasSignedInHint(),
  });
  const year = nzYear();

  return (
    <footer className="mt-auto border-t bg-muted text-muted-foreground">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.1fr_1.2fr_1fr] lg:gap-12">
        <div className="space-y-4">
          <div className="flex items-center gap-2.5">
            <LogoMark />
            <span className="text-lg font-semibold tracking-tight text-foreground">{practice?.name}</span>
          </div>
          {practice && <p className="max-w-sm text-sm leading-relaxed">{practice.blurb}</p>}
        </div>

        <section aria-labelledby="footer-contact" className="space-y-4">
          <FooterHeading>
            <span id="footer-contact">Contact</span>
          </FooterHeading>
          {practice && (
            <ul className="space-y-3 text-sm">
              <ContactItem icon={<MapPin />}>{practice.locality}</ContactItem>
              <ContactItem icon={<Mail />}>
                <a href={`mailto:${practice.email}`} className={linkClass}>
                  {practice.email}
                </a>
              </ContactItem>
              <ContactItem icon={<Phone />}>
                <a href={telHref(practice.phone)} className={linkClass}>
                  {practice.phone}
                </a>
              </ContactItem>
              {practice.socialUrl && (
                <ContactItem icon={<ExternalLink />}>
                  <a href={practice.socialUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
                    {practice.socialLabel || 'Social page'}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </ContactItem>
              )}
            </ul>
          )}
        </section>

        <section aria-labelledby="footer-hours" className="space-y-4">
          <FooterHeading>
            <span id="footer-hours">Business Hours</span>
          </FooterHeading>
          <BusinessHoursList />
        </section>
      </div>

      <div className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {year} {practice?.name}. All rights reserved.
          </p>
          {user && (
            <Link href="/admin" className={linkClass}>
              Admin
            </Link>
          )}
        </div>
      </div>
    </footer>
  );
}
