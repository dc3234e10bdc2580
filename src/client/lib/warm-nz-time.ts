import { format } from 'date-fns';
import { formatLongDate, nzToday, toNz } from '@shared/time';

/**
 * The first NZ date and time a page formats costs a phone tens of milliseconds (the zone's Intl formatter is set up,
 * date-fns' format runs cold): the admin chunk pays it in a task of its own before her server-rendered page hydrates
 * (preloadAdminTab), rather than inside the render of the first component that shows a date (Today's heading and
 * 'Last updated', docs/product.md §17).
 */
export function warmNzTime(): void {
  formatLongDate(nzToday());
  format(toNz(new Date()), 'EEE d MMM, h:mm a');
}
