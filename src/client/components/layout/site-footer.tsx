import { ExternalLink, Mail, MapPin, Phone } from '@/components/ui/first-load-icon';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BUSINESS_TIME_ZONE } from '@shared/constants';
import { phoneText, telHref } from '@/lib/phone-text';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';
import { useSessionUser } from '@/lib/queries/get-session-user';
import { hasSignedInHint } from '@/lib/signed-in-hint';
import { BrandMark } from './brand';
import { BusinessHoursList } from './business-hours-list';

/**
 * The current year in New Zealand. Intl rather than src/shared/time.ts here: the footer is in
 * the first bundle, and time.ts's formatting would add date-fns to it for one number.
 */
function nzYear(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-NZ', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric' }).format(now);
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

export function SiteFooter() {
  const { data: practice } = usePracticeInfo();
  // Only presence matters (the Admin link). Visitors who never signed in are not asked at all.
  const { data: user } = useSessionUser({ enabled: hasSignedInHint() });
  const year = nzYear();

  return (
    <footer className="mt-auto border-t bg-muted text-muted-foreground">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.1fr_1.2fr_1fr] lg:gap-12">
        <div className="space-y-4">
          <div className="flex items-center gap-2.5">
            <BrandMark eager={false} />
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
                  {phoneText(practice.phone)}
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
          <div className="flex gap-4">
            <Link href="/privacy" className={linkClass}>
              Privacy
            </Link>
            {user && (
              <Link href="/admin" className={linkClass}>
                Admin
              </Link>
            )}
          </div>
        </div>
      </div>
    </footer>
  );
}
