/** The Appointments tab's texts (docs/product.md §2, §4, §8 word for word where the specification gives them). */
export const TEXTS = {
  detailsTitle: 'Appointment Details',
  detailsDescription: 'View and manage appointment information.',
  cancelTitle: 'Cancel Appointment',
  cancelQuestion: 'Are you sure you want to cancel this appointment? An email notification will be sent to the client.',
  keepIt: 'No, Keep It',
  yesCancel: 'Yes, Cancel Appointment',
  /** docs/product.md §4 "Client cancellation": her mark on a confirmed visit cancelled for the client inside the change
   * cut-off. */
  lateCancellation: 'Late cancellation',
  lateCancellationHint: (hours: number) =>
    `The client cancelled less than ${hours} hours before the visit. It counts on their page with the no-shows.`,
  upcomingTitle: 'Upcoming Appointments',
  upcomingDescription: 'Next 5 confirmed appointments',
  injuriesNoDetail: 'Client has reported injuries or medical conditions',
  outsideArea: 'Outside service area',
  sendEmail: 'Send email/reminder',
  clashTitle: 'Clashes with your calendar',
  clashFallback: 'This visit overlaps a busy time in your calendar.',
  clashAdvice: 'Confirm anyway if you can still make it; the client is not told about the clash.',
  goBack: 'Go back',
  confirmAnyway: 'Confirm anyway',
  healthTitle: 'Health red flags',
  healthFallback: 'The client has health red flags.',
  healthAdvice: 'Read the health answers before you confirm this visit.',
  healthConfirm: 'I have read them: confirm',
  /** docs/product.md §4 "Changing a visit": her 'Change time…' of one visit (no change cut-off for her). */
  changeTime: 'Change time…',
  changeTimeTitle: 'Change time',
  changeTimeDescription: (client: string, when: string) => `${client}: now ${when} (NZ time).`,
  changeTimeHint:
    'Only times that fit are shown: hours, blocked dates, other visits, your other calendars and the drive. The client gets an e-mail with the new time.',
  changeTimeNone: 'No time fits on this day. Try another date.',
  changeTimeLoadFailed: 'Could not load the times for this day.',
} as const;

/** docs/product.md §4, §8: the toasts of the tab's actions. */
export const TOASTS = {
  cancelled: { title: 'Appointment cancelled', description: 'The appointment has been cancelled successfully' },
  cancelFailed: 'Failed to cancel appointment',
  confirmed: { title: 'Appointment confirmed', description: 'The client will receive a confirmation email.' },
  confirmFailed: 'Failed to confirm appointment',
  emailSent: { title: 'Email sent successfully', description: 'The notification has been sent to the client' },
  emailFailed: 'Failed to send email',
  moved: { title: 'Appointment moved', description: 'The client will receive an email with the new time.' },
  moveFailed: 'Failed to move appointment',
} as const;

/** 'Why this time?' (docs/product.md §11): why a visitor is or is not offered each start time of a day. */
export const EXPLAIN_TEXTS = {
  title: 'Why this time?',
  description: 'See which start times a visitor is offered on a day, and why the others are not.',
  date: 'Date',
  address: 'Client address (optional)',
  addressPlaceholder: 'e.g. 12 Queen Street, Auckland',
  service: 'Service',
  anyService: 'Any service (default length)',
  duration: 'Duration',
  explain: 'Explain',
  explaining: 'Explaining…',
  filterLabel: 'Show',
  onlyOffered: 'Only offered',
  all: 'All',
  offered: 'Offered',
  notOffered: 'Not offered',
  noTimes: 'No start times on this day.',
  noOffered: 'No time is offered on this day.',
  failed: 'Could not explain this day.',
} as const;
