/**
 * The icon links of the pages' heads (docs/product.md §19): her logo's square icon when she has uploaded one, else the
 * site's own mark. Written at each page, from the logo current now: an upload or a removal shows in the next page
 * served, without a restart (the manifest's icons follow it the same way, modules/day-sheet/manifest.ts).
 */
import { ADMIN_ICONS } from '@shared/admin-app';
import { logoIconAtLeast, type LogoRef } from '@shared/logo';

/** iOS's home-screen icon size (Apple's 180 pt at 3x); the favicon is drawn from the same square. */
const APPLE_TOUCH_SIZE = 180;

/** The site's own favicon, as the built index.html links it. */
export const SITE_FAVICON_LINK = '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />';

/** The tab's icon of every page, public and admin. */
export function faviconLink(logo: LogoRef | null): string {
  if (!logo) return SITE_FAVICON_LINK;
  const icon = logoIconAtLeast(logo, APPLE_TOUCH_SIZE);
  return `<link rel="icon" href="${icon.url}" type="image/png" sizes="${icon.size}x${icon.size}" />`;
}

/** The installed admin app's icon on an iPhone or iPad (the admin pages only, decision 026). */
export function appleTouchIconLink(logo: LogoRef | null): string {
  if (!logo) return `<link rel="apple-touch-icon" href="${ADMIN_ICONS.appleTouch}" sizes="180x180" />`;
  const icon = logoIconAtLeast(logo, APPLE_TOUCH_SIZE);
  return `<link rel="apple-touch-icon" href="${icon.url}" sizes="${icon.size}x${icon.size}" />`;
}
