/** The Clients tab's and the client page's texts (docs/product.md §12). */
export const TEXTS = {
  heading: 'Clients',
  description: 'Everyone who has booked with you, found by their e-mail or phone.',
  searchLabel: 'Search clients',
  searchPlaceholder: 'Name, e-mail, phone or suburb',
  listLabel: 'Clients',
  loading: 'Loading clients...',
  loadError: 'Could not load the clients',
  refreshError: 'Could not refresh the clients',
  empty: 'No clients yet',
  emptyHint: 'A client appears here with their first booking request.',
  noMatch: (q: string) => `No clients match "${q}"`,
  noMatchHint: 'Try part of the name, the e-mail, the phone number or the suburb.',
  never: 'No visits yet',
  backToClients: 'All clients',
  clientLoading: 'Loading the client...',
  clientLoadError: 'Could not load this client',
  bookAgain: 'Book again',
  clientNotFound: 'There is no such client',
  clientNotFoundHint: 'They may have been merged into another client.',
} as const;

export const CONTACT_TEXTS = {
  heading: 'Contact',
  email: 'E-mail',
  phone: 'Phone',
  otherContacts: 'Other contacts',
  noOtherContacts: 'None',
  edit: 'Edit',
  editTitle: 'Edit contact details',
  editDescription: 'Corrections show on her screens from now on; past bookings keep what was booked.',
  firstName: 'First name',
  lastName: 'Last name',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
} as const;

export const ALERT_TEXTS = {
  heading: 'Alerts',
  hint: 'Short notes that show wherever their bookings show: the pending card, the booking and your day route.',
  none: 'No alerts.',
  add: 'Add alert',
  adding: 'Adding...',
  label: 'New alert',
  placeholder: 'Dog at the gate',
  full: (max: number) => `This client has ${max} alerts, the most there can be. Remove one to add another.`,
  remove: (text: string) => `Remove alert: ${text}`,
  removeTitle: 'Remove alert',
  removeConfirm: 'Remove',
  removing: 'Removing...',
  cancel: 'Cancel',
} as const;

export const MERGE_TEXTS = {
  heading: 'Merge',
  hint: 'The same person booked under two e-mails or phones? Merge them: every booking, alert and contact of both is kept.',
  open: 'Merge with another client…',
  title: 'Merge with another client',
  searchDescription: (name: string) => `Find the client to merge into ${name}.`,
  chooseDescription:
    'Choose which name, e-mail and phone the merged client keeps. The others stay as further contacts.',
  searchLabel: 'Search clients',
  pickLabel: 'Clients to merge',
  searchPlaceholder: 'Name, e-mail, phone or suburb',
  choose: 'Choose',
  searching: 'Searching...',
  searchFailed: 'Could not search the clients. Try again.',
  noOthers: 'No other client matches.',
  typeToSearch: 'Type a name, e-mail, phone or suburb.',
  back: 'Back',
  cancel: 'Cancel',
  confirm: 'Merge clients',
  merging: 'Merging...',
  keepWhich: (field: 'name' | 'email' | 'phone') =>
    `Keep which ${{ name: 'name', email: 'e-mail', phone: 'phone' }[field]}?`,
  thisClient: (name: string) => `${name} (this client)`,
  goneNote: (name: string) => `${name} is merged into this client and no longer listed on its own.`,
} as const;

/**
 * A client made by a booking whose e-mail, or phone under the same first name, led to an existing client (decision 034,
 * docs/decisions/034): nothing of the existing client changes until she says whether it is the same person.
 */
export const MATCH_TEXTS = {
  heading: 'Possible match',
  /** 'Possible match: this may be Aroha Client (same e-mail, different name and phone).', the name a link. */
  noticeLead: 'Possible match: this may be',
  hint: (name: string) =>
    `Nothing of ${name}'s record changes until you decide. Merging moves this client's bookings, alerts and contacts to that record, which keeps its name, e-mail and phone.`,
  link: (name: string) => `Same person: merge into ${name}`,
  separate: 'Someone else',
  deciding: 'Saving...',
} as const;

/** Good outcomes are titled 'Success', failures 'Error' (docs/product.md §8). */
export const TOASTS = {
  updated: 'Contact details saved',
  updateFailed: 'Could not save the contact details',
  contactTaken: 'That e-mail or phone belongs to another client. Merge the two clients instead.',
  alertAdded: 'Alert added',
  alertAddFailed: 'Could not add the alert',
  alertRemoved: 'Alert removed',
  alertRemoveFailed: 'Could not remove the alert',
  merged: (name: string) => `Clients merged into ${name}`,
  mergeFailed: 'Could not merge the clients',
  matchLinked: (name: string) => `Merged into ${name}`,
  matchSeparate: (name: string) => `Kept apart from ${name}`,
  matchFailed: 'Could not save your decision',
} as const;
