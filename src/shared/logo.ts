/**
 * Her logo or photo (docs/product.md §19): the files the server makes from one upload, where they are
 * served, and how the pages name them. The server is the authority on which logo is current; the pages get it in
 * the practice info (GET /api/practice).
 */
import { z } from 'zod';

/** Where its files are served: `/media/logo/<hash>-<width>.<ext>` (never changing: cached for good). */
export const LOGO_MEDIA_PREFIX = '/media/logo/';
/** Widths made for the site (AVIF and WebP each), up to the upload's own width: header, hero, a phone at 3x. */
export const LOGO_SITE_WIDTHS = [96, 192, 384, 768] as const;
/** The PNG of e-mails and receipts (and of browsers without AVIF or WebP): this wide, drawn at half that. */
export const LOGO_PNG_WIDTH = 320;
/**
 * The installed app's icons: square PNGs, the logo inside the maskable safe zone. 180 is iOS's home-screen icon
 * (apple-touch-icon) and the pages' favicon; a logo uploaded before it was made has 192 and 512 only.
 */
export const LOGO_ICON_SIZES = [180, 192, 512] as const;
export type LogoIconSize = (typeof LOGO_ICON_SIZES)[number];

export const LOGO_MAX_BYTES = 10 * 1024 * 1024;
export const LOGO_MAX_PIXELS = 40_000_000;
/** Smaller than this on a side is too small to draw the icons from. */
export const LOGO_MIN_SIDE = 32;
/** The content types the upload may be sent as (HEIC is refused by the server with how to send it instead). */
export const LOGO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic', 'image/heif'];

export const LOGO_MESSAGES = {
  tooLarge: 'That file is over 10 MB: choose a smaller image',
  unsupportedType: 'Choose a JPEG, PNG, WebP or AVIF image',
  heic: 'HEIC photos cannot be read here: choose a JPEG or PNG (on an iPhone, share the photo and save it as JPEG)',
  unreadable: 'That file is not an image that can be read: choose a JPEG, PNG, WebP or AVIF image',
  tooManyPixels: 'That image is over 40 megapixels: choose a smaller one',
  tooSmall: `That image is too small: choose one at least ${LOGO_MIN_SIDE} pixels on each side`,
} as const;

/** How the pages draw the current logo: AVIF and WebP srcsets, a PNG fallback, and its proportions. */
export const practiceLogoSchema = z
  .object({
    /** `srcset` of the AVIF files ('/media/logo/…-96.avif 96w, …'). */
    avif: z.string(),
    /** `srcset` of the WebP files. */
    webp: z.string(),
    /** The PNG (LOGO_PNG_WIDTH wide), for `<img src>` and e-mails. */
    png: z.string(),
    /** The largest site file's size in pixels: its proportions, for width and height (no layout shift). */
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'PracticeLogo' });
export type PracticeLogo = z.infer<typeof practiceLogoSchema>;

/** What the server keeps of the current logo: enough to name each of its files. */
export interface LogoRef {
  hash: string;
  /** The largest site file's size. */
  width: number;
  height: number;
  /** The site files' widths, smallest first. */
  widths: number[];
  /** The PNG's height (LOGO_PNG_WIDTH wide). */
  pngHeight: number;
  /** The square icons it has (LOGO_ICON_SIZES), smallest first. */
  iconSizes: number[];
}

export const logoFileUrl = (hash: string, width: number, ext: 'avif' | 'webp' | 'png') =>
  `${LOGO_MEDIA_PREFIX}${hash}-${width}.${ext}`;

export const logoIconUrl = (ref: LogoRef, size: LogoIconSize) => logoFileUrl(ref.hash, size, 'png');

/** Its smallest icon at least `size` px (a logo uploaded before the 180 px icon was made has 192): its address. */
export function logoIconAtLeast(ref: LogoRef, size: number): { url: string; size: number } {
  const found = ref.iconSizes.find((s) => s >= size) ?? ref.iconSizes.at(-1) ?? 192;
  return { url: logoFileUrl(ref.hash, found, 'png'), size: found };
}
export const logoPngUrl = (ref: LogoRef) => logoFileUrl(ref.hash, LOGO_PNG_WIDTH, 'png');

export function practiceLogo(ref: LogoRef): PracticeLogo {
  const srcset = (ext: 'avif' | 'webp') => ref.widths.map((w) => `${logoFileUrl(ref.hash, w, ext)} ${w}w`).join(', ');
  return { avif: srcset('avif'), webp: srcset('webp'), png: logoPngUrl(ref), width: ref.width, height: ref.height };
}
