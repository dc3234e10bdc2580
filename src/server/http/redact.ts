/**
 * Private links carry a secret token; logs keep the path but not the token. The segment
 * after token/, cancel/, confirm/ (a booking's link) or calendar-feed/ (the therapist's
 * calendar subscription) is replaced, also when the URL is oddly written (extra slashes,
 * other letter case) and the request ends in a 404. The waitlist's links (issue 25): the segment after
 * offers/ and offer/ (an offer's), leave/ (the leave page's) and waitlist/ (the entry's, unless offers/,
 * offer/ or leave/ follows).
 */
export function redactUrl(url: string): string {
  return url.replace(
    /\/(token|cancel|confirm|calendar-feed|offers|offer|leave|waitlist(?!\/+(?:offers?|leave)\/))\/+[^/?#]+/gi,
    '/$1/[redacted]',
  );
}
