/** The details dialog's links: the address on Google Maps, the phone and the e-mail (docs/product.md §2). */

export function mapsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** 'tel:' keeps only digits and a leading +, so '021 123 4567' dials as 0211234567. */
export function telUrl(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

export function mailtoUrl(email: string): string {
  return `mailto:${email.trim()}`;
}
