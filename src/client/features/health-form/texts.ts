/** The health form page's headings, each also the page's title. */
export const HEALTH_TITLES = {
  loading: 'Your Health Form',
  form: 'Your Health Form',
  reconfirm: 'Is Your Health Form Still Right?',
  current: 'Your Health Form Is Up to Date',
  saved: 'Health Form Saved',
  notFound: 'Form Not Found',
  closed: 'No Health Form Needed',
  failed: 'Your Health Form',
} as const;

export type HealthTitleKey = keyof typeof HEALTH_TITLES;

/** The confirmation page's call to fill in, or check, the form before the visit. */
export const HEALTH_CALLOUT = {
  missing: 'Please fill in your health form before your visit',
  outdated: 'Please check your health form is still right',
} as const;
