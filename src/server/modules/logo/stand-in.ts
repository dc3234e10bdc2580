/**
 * What an address of a logo that is no longer current shows (decision 035). E-mails already sent, pages left open and
 * the app shell kept offline name her logo's files by their hash; replacing or removing the logo must not leave them a
 * broken image.
 *
 * - Replaced: the current logo's file of the same kind in its place (same format, the nearest width; an icon for an
 *   icon). We keep no old files: what she shows is her brand as it is now (she replaced the old one for a reason, and
 *   a photo of herself she replaced should not stay on the web), and the table keeps one logo (migration 0026).
 * - Removed: nothing of hers. An icon's address gives the app's own icon; any other a transparent image, so an old
 *   e-mail shows its name under an empty space, not a broken-image sign. Not a 404: that draws a broken image and
 *   says no more than the blank does.
 *
 * Either answer is not kept for good (the address no longer names its content), unlike a current file's.
 */
import { ADMIN_ICONS } from '@shared/admin-app';
import { LOGO_ICON_SIZES, LOGO_PNG_WIDTH, type LogoRef } from '@shared/logo';

export type LogoFormat = 'avif' | 'webp' | 'png';

export type StandIn =
  /** The current logo's file of this name. */
  | { kind: 'current'; name: string }
  /** The app's own icon (no logo). */
  | { kind: 'app-icon'; url: string }
  /** A transparent image of this format (no logo). */
  | { kind: 'blank'; format: LogoFormat };

const isIconSize = (width: number) => (LOGO_ICON_SIZES as readonly number[]).includes(width);

/** The smallest of `widths` at least `width`, else the largest. */
const nearest = (widths: readonly number[], width: number) => widths.find((w) => w >= width) ?? widths.at(-1)!;

/** The app's own icon nearest an icon size. */
const appIcon = (width: number) =>
  width <= 180 ? ADMIN_ICONS.appleTouch : width <= 192 ? ADMIN_ICONS.any192 : ADMIN_ICONS.any512;

/** What stands in for `<width>.<format>` of a logo that is not `current` (null: she has none now). */
export function standInFor(current: LogoRef | null, width: number, format: LogoFormat): StandIn {
  if (format === 'png' && isIconSize(width)) {
    if (!current) return { kind: 'app-icon', url: appIcon(width) };
    return { kind: 'current', name: `${nearest(current.iconSizes, width)}.png` };
  }
  if (!current) return { kind: 'blank', format };
  if (format === 'png') return { kind: 'current', name: `${LOGO_PNG_WIDTH}.png` };
  return { kind: 'current', name: `${nearest(current.widths, width)}.${format}` };
}
