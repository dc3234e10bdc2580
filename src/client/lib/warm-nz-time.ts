import { format } from 'date-fns';
import { formatLongDate, nzToday, toNz } from '@shared/time';

/**
 * The first NZ date and time a page formats costs a phone tens of milliseconds (the zone's Intl formatter is set up,
 * date-fns' format runs cold): main.tsx pays it in a task of its own before hydration, rather than inside the render
 * of the first component that shows a date (Today's heading and 'Last updated', issue 26).
 */
export function warmNzTime(): void {
  const now = toNz(new Date());
  formatLongDate(nzToday());
  format(now, 'EEE d MMM, h:mm a');
}
