/**
 * A phone number as a link shows it: its spaces non-breaking, so '021 555 0123' never wraps across two lines
 * (html-validate's tel-non-breaking, issue 26). The tel: target is written apart, digits only.
 */
export function phoneText(phone: string): string {
  return phone.replace(/ /g, '\u00a0');
}
