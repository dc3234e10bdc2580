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
