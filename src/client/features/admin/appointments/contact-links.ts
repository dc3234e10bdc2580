/** The details dialog's links: the address on Google Maps, the phone and the e-mail (docs/product.md §2). */

export function mapsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

export function mailtoUrl(email: string): string {
  return `mailto:${email.trim()}`;
}
