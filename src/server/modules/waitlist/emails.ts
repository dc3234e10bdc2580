/**
 * The waitlist's e-mails (docs/product.md §4 "Waitlist"), as pure functions: joining (with the link to leave) and a
 * freed time's offer (with the link to the page that books it: opening the link never books, a mail scanner may open
 * it).
 */
import { waitlistLeavePath, waitlistOfferPath } from '@shared/booking-paths';
import { formatLongDate, formatNzDateTime, formatNzInstant, formatNzTime } from '@shared/time';
import type { EmailContent, EmailContext } from '../mail/email-kinds';
import { EMAIL_KINDS } from '../mail/email-kinds';
import { details, links, p, renderEmail, signoff } from '../mail/render';
import type { WaitlistEntryRow, WaitlistOfferRow } from './repository';

export const WAITLIST_SUBJECTS = {
  joined: 'You are on the waitlist',
  offer: 'A time has opened for you',
} as const;

const leaveUrl = (e: WaitlistEntryRow, ctx: EmailContext) => `${ctx.publicUrl}${waitlistLeavePath(e.token)}`;
const regards = (ctx: EmailContext) => signoff('Warm regards,', ctx.practice.therapistName, ctx.practice.name);
const windowText = (e: WaitlistEntryRow) =>
  e.earliest === e.latest
    ? `Starting at ${formatNzTime(e.earliest)}`
    : `Starting between ${formatNzTime(e.earliest)} and ${formatNzTime(e.latest)}`;

/** To the visitor: they are on the list, for which days and times, and how to leave it. */
export function joinedEmail(e: WaitlistEntryRow, ctx: EmailContext): EmailContent {
  return renderEmail(
    ctx,
    { kind: EMAIL_KINDS.waitlistJoined, to: e.email, subject: WAITLIST_SUBJECTS.joined, bookingId: null },
    [
      p(`Hi ${e.firstName},`),
      p(
        `You are on the waitlist. If a time opens on one of your days that ${ctx.practice.therapistName} can reach ` +
          `you at, we will e-mail you a link to book it. The time is held for you for a short while; after that it ` +
          `goes to the next person on the list.`,
      ),
      details([
        ['Service', `${e.serviceName}, ${e.duration} minutes`],
        ['Days', e.dates.map(formatLongDate).join('\n')],
        ['Time', windowText(e)],
        ['Address', e.address],
      ]),
      p('Found another time, or no longer need it? You can leave the list at any time.'),
      links({ label: 'Leave the waitlist', url: leaveUrl(e, ctx) }),
      regards(ctx),
    ],
  );
}

/** To the visitor: a time on one of their days fits them; the link opens the page that books it. */
export function offerEmail(e: WaitlistEntryRow, o: WaitlistOfferRow, ctx: EmailContext): EmailContent {
  return renderEmail(
    ctx,
    { kind: EMAIL_KINDS.waitlistOffer, to: e.email, subject: WAITLIST_SUBJECTS.offer, bookingId: null },
    [
      p(`Hi ${e.firstName},`),
      p(`A time has opened that fits what you asked for: ${formatNzDateTime(o.date, o.time)}.`),
      details([
        ['Service', `${e.serviceName}, ${e.duration} minutes`],
        ['Date', formatLongDate(o.date)],
        ['Time', formatNzTime(o.time)],
        ['Address', e.address],
        ['Held for you until', formatNzInstant(o.holdUntil)],
      ]),
      p(
        `Open the link and choose 'Book this time' to send it as a booking request; ` +
          `${ctx.practice.therapistName} will confirm it as usual. After the hold it goes to the next person on the list.`,
      ),
      links(
        { label: 'See and book this time', url: `${ctx.publicUrl}${waitlistOfferPath(o.token)}`, primary: true },
        { label: 'Leave the waitlist', url: leaveUrl(e, ctx) },
      ),
      regards(ctx),
    ],
  );
}
