/** The Availability tab's texts (docs/product.md §2, §5, §8 word for word where the specification gives them). */
export const TEXTS = {
  hoursTitle: 'Business Hours',
  blockTitle: 'Block Specific Dates',
  blockedTitle: 'Blocked Dates',
  noBlocked: 'No dates are currently blocked',
  fullDay: 'Block entire day',
  blockDate: 'Block Date',
  adding: 'Adding...',
  open: 'Open',
  closed: 'Closed',
} as const;

/** docs/product.md §8. */
export const TOASTS = {
  hoursSaved: { title: 'Success', description: 'Business hours updated successfully' },
  hoursFailed: 'Failed to update business hours',
  blocked: { title: 'Success', description: 'Date blocked successfully' },
  blockFailed: 'Failed to block date',
  removed: { title: 'Success', description: 'Blocked date removed successfully' },
  removeFailed: 'Failed to remove blocked date',
} as const;

/** 'Other calendars' (docs/product.md §11): her personal calendars whose busy times block bookings. */
export const CALENDAR_TEXTS = {
  title: 'Other calendars',
  intro:
    'Busy times in your personal calendars block bookings, so nobody books you while you are busy. Visitors never see the titles of your events.',
  addTitle: 'Add a calendar',
  name: 'Name',
  namePlaceholder: 'e.g. Family',
  kindLegend: 'How to connect',
  kindIcs: 'iCal address',
  kindCaldav: 'CalDAV account',
  address: 'Address',
  icsPlaceholder: 'https://calendar.google.com/calendar/ical/…/basic.ics or webcal://…',
  caldavPlaceholder: 'https://caldav.icloud.com/ or your Nextcloud/Fastmail/Radicale address',
  helpIntro: 'Where to find the address:',
  helpGoogle: 'Google: Settings → your calendar → Secret address in iCal format',
  helpICloud: 'iCloud: Calendar → Share → Public Calendar',
  helpOutlook: 'Outlook: Settings → Calendar → Shared calendars → Publish a calendar → ICS',
  helpCaldav: 'For iCloud, create an app-specific password at appleid.apple.com; never use your main password.',
  username: 'Username',
  password: 'App password',
  allDayBlocks: 'All-day events block the day',
  add: 'Add calendar',
  checking: 'Checking the calendar…',
  empty: 'No other calendars yet.',
  loadFailed: 'Could not load your other calendars.',
  notSynced: 'Not synced yet',
  showAddress: 'Show address',
  hideAddress: 'Hide address',
  syncNow: 'Sync now',
  syncing: 'Syncing…',
  rename: 'Rename',
  save: 'Save',
  cancel: 'Cancel',
  remove: 'Remove',
  removeQuestion: (name: string) => `Remove ${name}? Its busy times stop blocking bookings.`,
} as const;

export const CALENDAR_TOASTS = {
  added: (name: string) => ({
    title: 'Calendar added',
    description: `${name} now blocks bookings while you are busy.`,
  }),
  addFailed: 'Failed to add the calendar',
  synced: (events: number) => ({ title: 'Success', description: `Synced: ${events} event${events === 1 ? '' : 's'}` }),
  syncFailed: 'Failed to sync the calendar',
  updated: { title: 'Success', description: 'Calendar updated' },
  updateFailed: 'Failed to update the calendar',
  removed: { title: 'Success', description: 'Calendar removed' },
  removeFailed: 'Failed to remove the calendar',
} as const;
