/**
 * The red flags' one line, without zod (docs/product.md §17: Today and the pending card show it without loading the
 * form's schemas). The flags themselves are worked out from the form in health-form.ts.
 */

/** 'Health: blood thinners, 30 weeks pregnant' for the pending card and the booking's details; '' for none. */
export function healthFlagsText(flags: readonly string[]): string {
  return flags.length === 0 ? '' : `Health: ${flags.join(', ')}`;
}
