// Issue 26, decision 033: a page's first Intl date format loads ICU's data for the locale and the time zone, ~30 ms
// of a desktop and ~150 ms of a phone, on the main thread in the middle of Today's first render (or of the kept
// sheet's paint offline). ICU keeps what it loaded for the whole page process, so building the same formats here, on
// a worker's thread, while the page's scripts are still arriving, leaves the page's own first format ~1 ms. Started
// by the admin pages' loader and the kept-sheet painter (src/server/http); it keeps nothing and answers nothing.
/* global close */
'use strict';
var TZ = 'Pacific/Auckland';
var now = new Date();
try {
  // @date-fns/tz's offset lookup (every NZ date and time of the app).
  new Intl.DateTimeFormat('en-US', { timeZone: TZ, timeZoneName: 'longOffset' }).format(now);
  // The kept-sheet painter's parts (times, dates, weekdays).
  new Intl.DateTimeFormat('en-GB', {
    timeZone: TZ,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(now);
} catch {
  // An engine without these options: the page builds its formats itself, as before.
}
close();
