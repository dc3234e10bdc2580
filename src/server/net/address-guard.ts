// Which outbound addresses a server-side fetch may reach. A calendar address is typed by the
// admin (or by whoever steals her session): without this check it could point the server at
// itself, the home network or a cloud metadata service (SSRF).
import ipaddr from 'ipaddr.js';

/** What each refused ipaddr.js range is called in a message the admin reads. */
const RANGE_NAMES: Record<string, string> = {
  loopback: 'this machine (loopback)',
  private: 'a private network',
  uniqueLocal: 'a private network (IPv6 unique local)',
  linkLocal: 'a link-local network',
  carrierGradeNat: 'a carrier-grade NAT network',
  unspecified: 'no host (unspecified)',
  multicast: 'a multicast group',
  broadcast: 'broadcast',
};

/**
 * Why `address` (an IP address as text) may not be fetched, or null when it is an ordinary public
 * unicast address. IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it maps to.
 * Only 'unicast' passes: NAT64, 6to4, Teredo and reserved ranges are refused too.
 */
export function nonPublicReason(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return 'not an IP address';
  }
  const range = parsed.range();
  if (range === 'unicast') return null;
  return RANGE_NAMES[range] ?? `a reserved range (${range})`;
}

/**
 * The URL to request for an address the admin typed: webcal:// is how calendar apps write
 * https://, and only http and https are fetched. Null for any other scheme; throws a TypeError
 * when the text is no URL at all. Parsing as http(s) lets WHATWG URL normalise odd IPv4
 * spellings (127.1, 0x7f.0.0.1, 2130706433 all become 127.0.0.1) before the address check.
 */
export function toFetchUrl(address: string): URL | null {
  const trimmed = address.trim();
  const url = new URL(/^webcal:/i.test(trimmed) ? trimmed.replace(/^webcal:/i, 'https:') : trimmed);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}

/** The host of a URL without IPv6 brackets, as DNS and the IP parser want it. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}
