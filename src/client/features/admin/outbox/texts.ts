/** The Outbox tab's texts (not in the specification: docs/product.md §2 Outbox). */
export const TEXTS = {
  heading: 'Outbox',
  description:
    'Every e-mail the site sends, to your clients and to you, newest first. Times are New Zealand time; the list refreshes every 15 seconds.',
  /** With texts set up (decision 038). */
  descriptionWithTexts:
    'Every e-mail and text the site sends, to your clients and to you, newest first. Times are New Zealand time; the list refreshes every 15 seconds.',
  loading: 'Loading messages...',
  loadError: 'Error loading messages',
  empty: 'No e-mails yet. Messages to clients and to you will appear here.',
  showMore: 'Show more',
  loadingMore: 'Loading...',
  filesTitle: 'E-mail delivery is not set up yet',
  filesText:
    'Nothing is lost: every message is kept here (and saved as a file on the server). Once an SMTP server is configured (SMTP_URL), you choose which of them to send.',
  heldTitle: 'Queued while e-mail was not set up',
  sendAll: 'Send all',
  discardAll: 'Discard all',
  send: 'Send',
  discard: 'Discard',
  sendAllTitle: 'Send the held e-mails?',
  discardAllTitle: 'Discard the held e-mails?',
  sendAllText: 'They go to their recipients as they were written, even if some are out of date now.',
  discardAllText: 'They are never sent. A copy of each stays on the server, in the mail folder.',
  back: 'Back',
} as const;

export const TOASTS = {
  queuedTitle: 'E-mail queued again',
  queued: 'It will be sent within a minute.',
  queuedNoSmtp: 'It will be sent once e-mail delivery is set up.',
  textQueuedTitle: 'Text queued again',
  textQueued: 'It will be sent within a minute, or from 8 AM if it is night (no text goes between 8 PM and 8 AM).',
  alreadyQueuedTitle: 'Already queued',
  failed: 'Failed to queue the e-mail again',
  heldFailed: 'Failed to update the held e-mails',
} as const;
