/** The bookings export's texts (docs/product.md §2 "Export"; the specification has no screen for it). */
export const TEXTS = {
  button: 'Export CSV',
  title: 'Export bookings',
  description: 'Download your bookings for a date range as a CSV file for your accounts and GST.',
  from: 'From',
  to: 'To',
  presets: 'Quick ranges',
  include: 'Include',
  confirmedOnly: 'Confirmed only',
  allBookings: 'All bookings',
  confirmedHint: 'Confirmed only is your income; All bookings adds the others with their status.',
  nzDates: 'NZ dates, both days included; amounts in NZ dollars.',
  download: 'Download CSV',
  downloading: 'Downloading...',
  mileage: 'Mileage log',
  mileageHint:
    'The mileage log lists each drive to and between your confirmed visits (date, from, to, km, purpose), for a vehicle logbook.',
} as const;

export const TOASTS = {
  downloaded: 'Your bookings CSV has been downloaded',
  mileageDownloaded: 'Your mileage log has been downloaded',
  failed: 'Failed to export bookings',
} as const;
