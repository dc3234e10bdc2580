/**
 * A phone number as a link shows it: its spaces non-breaking, so '021 555 0123' never wraps across two lines
 * (html-validate's tel-non-breaking, docs/product.md §17). The tel: target is written apart, digits only.
 */
/** The tel: target: digits and a leading + only, so '021 123 4567' dials as 0211234567. One rule for every link. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

export function phoneText(phone: string): string {
  return phone.replace(/ /g, '\u00a0');
}
