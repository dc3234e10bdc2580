/** The calendar feed dialog's texts (a tool beyond the specification: docs/product.md §2). */
export const TEXTS = {
  button: 'Calendar feed',
  title: 'Calendar feed',
  description: 'See your appointments in Google, Apple or Outlook Calendar on your phone.',
  loading: 'Loading calendar feed...',
  loadError: 'Error loading calendar feed',
  intro:
    'A private link your calendar app subscribes to. Confirmed appointments and pending requests (marked Pending) appear in it and follow every change, cancellations included.',
  privacy: 'The link shows your clients’ names, phone numbers and addresses: keep it to yourself.',
  create: 'Create feed link',
  creating: 'Creating...',
  createNew: 'Create a new link',
  turnOff: 'Turn off feed',
  turningOff: 'Turning off...',
  shownOnce: 'For your privacy it is shown only once.',
  rotateTitle: 'Create a new link?',
  rotateText:
    'The old link stops working at once, and calendars subscribed to it stop updating. You will need to subscribe again with the new link.',
  rotateConfirm: 'Create new link',
  offTitle: 'Turn off the calendar feed?',
  offText:
    'The link stops working at once, and calendars subscribed to it stop updating. You can create a new link later.',
  offConfirm: 'Turn off feed',
  cancel: 'Cancel',
  linkLabel: 'Your private feed link',
  linkHint: 'Shown only this once. Copy it now, or add it to your calendar app.',
  copy: 'Copy link',
  copySelected: 'The link is selected: copy it with Ctrl+C (or Cmd+C), or long-press it on a phone.',
  addToApp: 'Add to calendar app',
  howToHeading: 'How to subscribe',
  googleDelay:
    'Google Calendar may take several hours to show new and changed appointments; Apple and Outlook refresh more often.',
  done: 'Done',
} as const;

/** Short how-tos for the three calendar apps she is likely to use. */
export const HOW_TO = [
  {
    app: 'Google Calendar',
    steps: 'On a computer, open calendar.google.com, then Other calendars → + → From URL, and paste the link.',
  },
  {
    app: 'Apple Calendar',
    steps:
      'On an iPhone: Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar. On a Mac: File → New Calendar Subscription.',
  },
  { app: 'Outlook', steps: 'Outlook on the web: Add calendar → Subscribe from web, paste the link and Import.' },
] as const;

/** docs/product.md §8: good outcomes are titled 'Success' unless named, failures 'Error'. */
export const TOASTS = {
  copied: 'Link copied',
  turnedOff: 'The calendar feed is turned off',
  createFailed: 'Failed to create the calendar feed link',
  turnOffFailed: 'Failed to turn off the calendar feed',
} as const;
