/**
 * The client's export as a readable page to print or save (docs/privacy.md): the same object
 * as the JSON export, one section each (contact, addresses, alerts, bookings, e-mails, texts, health forms,
 * notes, access log), dates and times on the NZ wall clock, money in dollars. Every stored text is
 * escaped; the page has no script and its Content-Security-Policy allows none (EXPORT_PAGE_CSP).
 */
import { createHash } from 'node:crypto';
import { formatTime12 } from '@shared/clock-time';
import { formatCents } from '@shared/money';
import type {
  ClientExport,
  ClientExportBooking,
  ClientExportEmail,
  ClientExportHealthForm,
  ClientExportNote,
  ClientExportText,
  ClientExportWaitlistEntry,
} from '@shared/schemas/client-export';
import { VISIT_NOTE_PARTS } from '@shared/schemas/visit-notes';
import { formatShortDate, nzDateOf, nzTimeOf } from '@shared/time';
import { escapeHtml } from '../../escape-html';

/** Shown for a sealed value this server can no longer open. */
export const UNREADABLE = '(cannot be read: the server’s secret key has changed)';

const STYLE = `
:root { color-scheme: light; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1c1917; margin: 0; }
main { max-width: 60rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.75rem; margin: 0 0 .25rem; overflow-wrap: anywhere; }
h2 { font-size: 1.25rem; margin: 2rem 0 .75rem; padding-bottom: .25rem; border-bottom: 2px solid #d6d3d1; }
h3 { font-size: 1rem; margin: 1.25rem 0 .5rem; overflow-wrap: anywhere; }
.meta, .none { color: #57534e; }
.warning { border-left: 4px solid #b45309; padding: .25rem .75rem; background: #fffbeb; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; }
th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid #e7e5e4; overflow-wrap: anywhere; }
th { font-weight: 600; }
table.fields th { width: 14rem; color: #44403c; font-weight: 500; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: 13px/1.45 ui-monospace, Menlo, Consolas, monospace;
  background: #f5f5f4; padding: .75rem; border-radius: .375rem; margin: .5rem 0; }
article { break-inside: avoid; }
@media (max-width: 40rem) { table.fields th { width: auto; } table.fields th, table.fields td { display: block; padding: .1rem 0; }
  table.fields td { padding-bottom: .5rem; } }
@media print { main { padding: 0; max-width: none; } h2 { break-after: avoid; } pre { background: none; border: 1px solid #d6d3d1; } }
`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/** No script, no frame, no form, nothing fetched: only the page's own style (by its hash). */
export const EXPORT_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${sha256(STYLE)}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const esc = (value: string | number) => escapeHtml(String(value));

/** '5 Mar 2025' */
const dateText = (date: string): string => {
  try {
    return formatShortDate(date).replace(/^0/, '');
  } catch {
    return date;
  }
};
/** '2:30 PM' */
const timeText = (time: string): string => {
  try {
    return formatTime12(time);
  } catch {
    return time;
  }
};
/** '5 Mar 2025, 2:30 PM' on the NZ wall clock. */
const instantText = (isoText: string): string => {
  const at = new Date(isoText);
  if (Number.isNaN(at.getTime())) return isoText;
  return `${dateText(nzDateOf(at))}, ${timeText(nzTimeOf(at))}`;
};
const sealed = (value: string | null): string => (value === null ? UNREADABLE : value);
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Rows of label and (already escaped) value. */
function fields(rows: [string, string][]): string {
  const body = rows.map(([label, value]) => `<tr><th scope="row">${esc(label)}</th><td>${value}</td></tr>`).join('');
  return `<table class="fields"><tbody>${body}</tbody></table>`;
}

/** A table of columns and rows of escaped cells. */
function table(columns: string[], rows: string[][]): string {
  const head = columns.map((c) => `<th scope="col">${esc(c)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** Multi-line text kept as written. */
const block = (text: string) => `<pre>${esc(text)}</pre>`;

function section(id: string, title: string, items: unknown[], body: () => string, none: string): string {
  const content = items.length === 0 ? `<p class="none">${esc(none)}</p>` : body();
  return `<section id="${id}"><h2>${esc(title)}</h2>${content}</section>`;
}

function bookingHtml(b: ClientExportBooking): string {
  const title = `${dateText(b.date)}, ${timeText(b.time)}: ${b.serviceName}`;
  const rows: [string, string][] = [
    ['Booking', esc(`#${b.id}`)],
    ['Status', esc(b.status)],
    ['Service', esc(b.serviceName)],
    ['Date and time', esc(`${dateText(b.date)}, ${timeText(b.time)}`)],
    ['Length', esc(`${b.duration} minutes`)],
    ['Price', esc(formatCents(b.price))],
    ['Travel fee', esc(formatCents(b.travelCost))],
    ['Address', esc(b.address)],
    ['Distance', esc(b.distanceKm === null ? 'not known' : `${b.distanceKm} km`)],
    ['Travel time', esc(b.travelTimeMinutes === null ? 'not known' : `${b.travelTimeMinutes} minutes`)],
    ['Outside the service area', esc(yesNo(b.isOutsideServiceArea))],
    [
      'Location',
      esc(b.locationLat === null || b.locationLon === null ? 'not known' : `${b.locationLat}, ${b.locationLon}`),
    ],
    ['Name given', esc(`${b.firstName} ${b.lastName}`.trim())],
    ['E-mail given', esc(b.email)],
    ['Phone given', esc(b.phone)],
    ['Notes from the client', b.notes ? block(b.notes) : esc('none')],
    ['Injuries or medical conditions', esc(yesNo(b.hasInjuries))],
    ['Injury details', b.injuryDetails ? block(b.injuryDetails) : esc('none')],
    ['Note from the therapist', b.adminNote ? block(b.adminNote) : esc('none')],
    ['Outcome', esc(b.outcome ? `${b.outcome} (${instantText(b.outcomeAt ?? '')})` : 'not marked')],
    ['Late cancellation', esc(yesNo(b.lateCancellation))],
    ['Regular series', esc(b.seriesId === null ? 'none' : `#${b.seriesId}`)],
    ['Requested', esc(instantText(b.createdAt))],
    ['Status changed', esc(instantText(b.statusChangedAt))],
    ['Last changed', esc(instantText(b.updatedAt))],
    ['Request expires', esc(b.expiresAt ? instantText(b.expiresAt) : 'no')],
    ['Request expired', esc(b.expiredAt ? instantText(b.expiredAt) : 'no')],
    ['Reminder queued', esc(b.reminderQueuedAt ? instantText(b.reminderQueuedAt) : 'no')],
  ];
  return `<article><h3>${esc(title)}</h3>${fields(rows)}</article>`;
}

function emailHtml(e: ClientExportEmail): string {
  const rows: [string, string][] = [
    ['Kind', esc(e.kindLabel)],
    ['To', esc(e.to)],
    ['Booking', esc(e.bookingId === null ? 'none' : `#${e.bookingId}`)],
    ['Status', esc(e.status)],
    ['Queued', esc(instantText(e.createdAt))],
    ['Sent', esc(e.sentAt ? instantText(e.sentAt) : 'not sent')],
  ];
  if (e.attachments.length > 0) rows.push(['Attached', esc(e.attachments.join(', '))]);
  return `<article><h3>${esc(e.subject)}</h3>${fields(rows)}${block(e.text)}</article>`;
}

function textHtml(x: ClientExportText): string {
  const rows: [string, string][] = [
    ['Kind', esc(x.kindLabel)],
    ['To', esc(x.to)],
    ['Booking', esc(x.bookingId === null ? 'none' : `#${x.bookingId}`)],
    ['Status', esc(x.status)],
    ['Queued', esc(instantText(x.createdAt))],
    ['Sent', esc(x.sentAt ? instantText(x.sentAt) : 'not sent')],
  ];
  if (x.deliveryStatus) {
    const when = x.deliveryUpdatedAt ? ` (${instantText(x.deliveryUpdatedAt)})` : '';
    rows.push(['Delivery report', esc(`${x.deliveryStatus}${when}`)]);
  }
  if (x.lastError) rows.push([x.status === 'cancelled' ? 'Why' : 'Last error', esc(x.lastError)]);
  return `<article><h3>${esc(`${x.kindLabel}, ${instantText(x.createdAt)}`)}</h3>${fields(rows)}${block(x.body)}</article>`;
}

function waitlistHtml(w: ClientExportWaitlistEntry): string {
  const rows: [string, string][] = [
    ['Service', esc(`${w.serviceName} (${w.duration} minutes)`)],
    ['Days', esc(w.dates.map(dateText).join('; '))],
    ['Start between', esc(`${timeText(w.earliest)} and ${timeText(w.latest)}`)],
    ['Name given', esc(`${w.firstName} ${w.lastName}`.trim())],
    ['E-mail given', esc(w.email)],
    ['Phone given', esc(w.phone)],
    ['Address', esc(w.address)],
    ['Status', esc(w.status)],
    ['Joined', esc(instantText(w.joinedAt))],
  ];
  const offers =
    w.offers.length === 0
      ? ''
      : table(
          ['Offered time', 'Held until', 'Status'],
          w.offers.map((o) => [
            esc(`${dateText(o.date)}, ${timeText(o.time)}`),
            esc(instantText(o.holdUntil)),
            esc(o.status),
          ]),
        );
  return `<article><h3>${esc(`Joined ${instantText(w.joinedAt)}`)}</h3>${fields(rows)}${offers}</article>`;
}

function healthFormHtml(f: ClientExportHealthForm): string {
  const rows: [string, string][] = [
    ['Consent given', esc(instantText(f.consentedAt))],
    ['Consent given by', esc(sealed(f.consentName))],
    ['Consent version', esc(f.consentVersion)],
    ['For booking', esc(f.bookingId === null ? 'none' : `#${f.bookingId}`)],
    ['Re-confirmed', esc(f.reconfirmedFrom === null ? 'no' : `yes, from form #${f.reconfirmedFrom}`)],
    ['Red flags', esc(f.flags.length > 0 ? f.flags.join(', ') : 'none')],
  ];
  const answers =
    f.answers === null
      ? `<p>${esc(`The answers ${UNREADABLE}`)}</p>`
      : table(
          ['Question', 'Answer'],
          f.answers.map((a) => [esc(a.question), esc(a.answer)]),
        );
  return `<article><h3>${esc(`Health form of ${instantText(f.consentedAt)}`)}</h3>${fields(rows)}${answers}</article>`;
}

function noteHtml(n: ClientExportNote): string {
  const visit = n.visitDate ? `${dateText(n.visitDate)}${n.visitTime ? `, ${timeText(n.visitTime)}` : ''}` : 'unknown';
  const rows: [string, string][] = VISIT_NOTE_PARTS.map(({ key, label }) => [
    label,
    n[key] === null ? esc(UNREADABLE) : n[key] === '' ? esc('none') : block(n[key]),
  ]);
  rows.push(
    ['Written by', esc(n.author)],
    ['Written', esc(instantText(n.createdAt))],
    ['Last changed', esc(instantText(n.updatedAt))],
  );
  const amendments =
    n.amendments.length === 0
      ? ''
      : `<h4>Amendments</h4>${table(
          ['When', 'By', 'Text'],
          n.amendments.map((a) => [esc(instantText(a.createdAt)), esc(a.author), block(sealed(a.text))]),
        )}`;
  return `<article><h3>${esc(`Notes of the visit on ${visit} (booking #${n.bookingId})`)}</h3>${fields(rows)}${amendments}</article>`;
}

/** The whole page. `practiceName` says whose record this is. */
export function renderClientExportPage(data: ClientExport, practiceName: string): string {
  const c = data.client;
  const name = `${c.firstName} ${c.lastName}`.trim() || `Client #${c.id}`;
  const corrected = (at: string | null) => (at ? ` (corrected ${instantText(at)})` : '');
  const contact = fields([
    ['Client', esc(`#${c.id}`)],
    ['Name', esc(`${name}${corrected(c.nameCorrectedAt)}`)],
    ['E-mail', esc(`${c.email}${corrected(c.emailCorrectedAt)}`)],
    ['Phone', esc(`${c.phone}${corrected(c.phoneCorrectedAt)}`)],
    ['First booked', esc(instantText(c.createdAt))],
    ['Last changed', esc(instantText(c.updatedAt))],
  ]);
  const contacts =
    data.contacts.length === 0
      ? ''
      : `<h3>Every e-mail and phone that leads to this client</h3>${table(
          ['Kind', 'Value', 'Since'],
          data.contacts.map((k) => [
            esc(k.kind === 'email' ? 'E-mail' : 'Phone'),
            esc(k.value),
            esc(instantText(k.createdAt)),
          ]),
        )}`;

  const unreadableNote =
    data.unreadable === 0
      ? ''
      : `<p class="warning">${esc(
          `${data.unreadable} stored ${data.unreadable === 1 ? 'value' : 'values'} could not be read: the server’s secret key has changed since ${data.unreadable === 1 ? 'it was' : 'they were'} stored.`,
        )}</p>\n`;
  const sections = [
    `<section id="contact"><h2>Contact</h2>${contact}${contacts}</section>`,
    section(
      'addresses',
      'Addresses used',
      data.addresses,
      () =>
        table(
          ['Address', 'Bookings', 'Last used'],
          data.addresses.map((a) => [esc(a.address), esc(a.bookings), esc(dateText(a.lastUsedOn))]),
        ),
      'No addresses.',
    ),
    section(
      'alerts',
      'Alerts',
      data.alerts,
      () =>
        table(
          ['Alert', 'Added'],
          data.alerts.map((a) => [esc(sealed(a.text)), esc(instantText(a.createdAt))]),
        ),
      'No alerts.',
    ),
    section('bookings', 'Bookings', data.bookings, () => data.bookings.map(bookingHtml).join(''), 'No bookings.'),
    section('emails', 'E-mails', data.emails, () => data.emails.map(emailHtml).join(''), 'No e-mails.'),
    section(
      'texts',
      'Texts',
      [...data.texts, ...data.textOptOuts],
      () =>
        data.texts.map(textHtml).join('') +
        data.textOptOuts
          .map((o) => `<p>${esc(`${o.phone} replied STOP on ${instantText(o.optedOutAt)}: no text goes to it.`)}</p>`)
          .join(''),
      'No texts.',
    ),
    section(
      'waitlist',
      'Waitlist',
      data.waitlist,
      () => data.waitlist.map(waitlistHtml).join(''),
      'Never on the waitlist.',
    ),
    section(
      'health-forms',
      'Health forms',
      data.healthForms,
      () => data.healthForms.map(healthFormHtml).join(''),
      'No health forms.',
    ),
    section('notes', 'Treatment notes', data.notes, () => data.notes.map(noteHtml).join(''), 'No treatment notes.'),
    section(
      'access-log',
      'Access log',
      data.accessLog,
      () =>
        table(
          ['When', 'Who', 'What', 'Detail'],
          data.accessLog.map((l) => [esc(instantText(l.at)), esc(l.actor), esc(l.action), esc(l.detail)]),
        ),
      'Nothing logged.',
    ),
  ];

  return `<!doctype html>
<html lang="en-NZ">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${esc(`${name}: everything held`)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${esc(name)}</h1>
<p class="meta">${esc(
    `Everything ${practiceName} holds about this client, exported ${instantText(data.exportedAt)} (New Zealand time).`,
  )}</p>
${unreadableNote}${sections.join('\n')}
</main>
</body>
</html>
`;
}
