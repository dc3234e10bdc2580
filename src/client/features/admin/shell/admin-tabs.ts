/**
 * The dashboard's tabs (docs/product.md §2): each is a path, and the path's first segment after
 * /admin selects the tab; /admin itself is Appointments. Pure, unit-tested.
 */
export const ADMIN_TABS = [
  { id: 'appointments', label: 'Appointments', path: '/admin/appointments' },
  { id: 'pending', label: 'Pending Requests', path: '/admin/pending' },
  // docs/product.md §12: the people behind the bookings; /admin/clients/{id} is one client's page, under this tab.
  { id: 'clients', label: 'Clients', path: '/admin/clients' },
  // Decision 026: the day sheet she works from on the road (kept on the phone for no coverage).
  { id: 'today', label: 'Today', path: '/admin/today' },
  { id: 'availability', label: 'Availability', path: '/admin/availability' },
  { id: 'reviews', label: 'Reviews', path: '/admin/reviews' },
  { id: 'services', label: 'Services', path: '/admin/services' },
  // Not in the spec: every e-mail the site sent or is sending (docs/product.md §2 Outbox).
  { id: 'outbox', label: 'Outbox', path: '/admin/outbox' },
  // docs/product.md §18.4: her numbers for a period, GST and the CSV for her accountant.
  { id: 'money', label: 'Money', path: '/admin/money' },
  // docs/product.md §15: install on her phone, notifications, her safety contact.
  { id: 'settings', label: 'Settings', path: '/admin/settings' },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

/** The tab a path selects, or null for an /admin path that is no tab (shown as not found). */
export function tabFromPath(path: string): AdminTabId | null {
  const bare = (path.split(/[?#]/)[0] ?? path).replace(/\/+$/, '');
  if (bare === '/admin') return 'appointments';
  const segment = /^\/admin\/([^/]+)/.exec(bare)?.[1];
  return ADMIN_TABS.find((tab) => tab.id === segment)?.id ?? null;
}
