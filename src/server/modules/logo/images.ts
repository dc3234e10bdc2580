/**
 * Her logo's files, made once from her upload with sharp (libvips): read only if it is a JPEG, PNG, WebP or AVIF
 * within the limits, turned upright by its EXIF orientation, and written again without any metadata (no EXIF, no GPS
 * position of where a photo was taken, no camera). The logo keeps its proportions for the site (AVIF and WebP at a
 * few widths), e-mails and receipts (a PNG: pdfkit draws PNG or JPEG only); the installed app's icons are squares.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import {
  LOGO_ICON_SIZES,
  LOGO_MAX_PIXELS,
  LOGO_MESSAGES,
  LOGO_MIN_SIDE,
  LOGO_PNG_WIDTH,
  LOGO_SITE_WIDTHS,
  type LogoRef,
} from '@shared/logo';

export type LogoContentType = 'image/avif' | 'image/webp' | 'image/png';

export interface LogoFile {
  /** '<width>.<ext>', as in /media/logo/<hash>-<width>.<ext>. */
  name: string;
  contentType: LogoContentType;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface MadeLogo {
  ref: LogoRef;
  files: LogoFile[];
}

/** Why an upload cannot be her logo; the route answers the message with a 4xx. */
export class LogoImageError extends Error {
  constructor(readonly reason: Exclude<keyof typeof LOGO_MESSAGES, 'tooLarge'>) {
    super(LOGO_MESSAGES[reason]);
  }
}

/**
 * Enough pixels for every file made (the largest is 768 wide) and no more held in memory; by width first, so the
 * site's widths keep the upload's proportions exactly (a very tall image is capped by height too).
 */
const WORKING = { width: 1536, height: 4096 };
const READ_OPTIONS = { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'error' } as const;

/** The maskable icon's safe zone is a circle of 40% of the icon's size: the logo's diagonal stays inside it. */
const ICON_SAFE_DIAMETER = 0.8;
/** A square-ish photo without transparency fills the whole icon (its corners are masked off on Android). */
const PHOTO_ASPECT = { min: 0.75, max: 4 / 3 };

async function readable(input: Buffer): Promise<Metadata> {
  let meta: Metadata;
  try {
    // The header only: its size is checked below, with a message of its own.
    meta = await sharp(input, { ...READ_OPTIONS, limitInputPixels: false }).metadata();
  } catch {
    throw new LogoImageError('unreadable');
  }
  if (meta.format === 'heif' && meta.compression !== 'av1') throw new LogoImageError('heic');
  if (!['jpeg', 'png', 'webp', 'heif'].includes(meta.format ?? '')) throw new LogoImageError('unreadable');
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > LOGO_MAX_PIXELS) throw new LogoImageError('tooManyPixels');
  if (Math.min(width, height) < LOGO_MIN_SIDE) throw new LogoImageError('tooSmall');
  return meta;
}

/** The upload upright, in sRGB, within WORKING, as raw pixels (RGBA). */
async function upright(input: Buffer): Promise<{ data: Buffer; info: OutputInfo }> {
  try {
    return await sharp(input, READ_OPTIONS)
      .rotate()
      .resize({ ...WORKING, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A file whose header reads but whose pixels are broken (a truncated JPEG).
    throw new LogoImageError('unreadable');
  }
}

/** The site's widths up to the image's own (at least one, its own when it is narrower than the smallest). */
export function siteWidths(width: number): number[] {
  const widths = LOGO_SITE_WIDTHS.filter((w) => w <= width);
  return widths.length > 0 ? widths : [width];
}

/** Whether the visible pixels of raw RGBA are light on average (a white logo on a transparent ground). */
function isLight(data: Buffer): boolean {
  let sum = 0;
  let weight = 0;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    sum += alpha * (0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!);
    weight += alpha;
  }
  return weight > 0 && sum / weight > 200;
}

/** The mean of the four corner pixels of raw RGBA: the ground an opaque logo is drawn on. */
function cornerColour(data: Buffer, width: number, height: number) {
  const at = [0, width - 1, (height - 1) * width, height * width - 1].map((i) => i * 4);
  const mean = (c: number) => Math.round(at.reduce((sum, i) => sum + data[i + c]!, 0) / at.length);
  return { r: mean(0), g: mean(1), b: mean(2), alpha: 1 };
}

/**
 * An icon's square: a photo fills it; a logo (wide, tall or with transparency) sits inside the maskable safe zone on
 * a plain background (its corners' colour when opaque, so a logo on a coloured ground continues to the edges; white
 * when transparent, or the brand's dark teal when the logo itself is light).
 */
async function iconOf(
  pixels: () => Sharp,
  raw: { data: Buffer; width: number; height: number },
  size: number,
): Promise<Buffer> {
  const { width, height } = raw;
  const stats = await pixels().stats();
  const transparent = !stats.isOpaque;
  const aspect = width / height;
  if (!transparent && aspect >= PHOTO_ASPECT.min && aspect <= PHOTO_ASPECT.max) {
    return pixels()
      .resize({ width: size, height: size, fit: 'cover', position: 'attention' })
      .removeAlpha()
      .png({ compressionLevel: 9 })
      .toBuffer();
  }
  const diagonal = Math.hypot(width, height);
  const scale = (ICON_SAFE_DIAMETER * size) / diagonal;
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const background = transparent
    ? isLight(raw.data)
      ? { r: 15, g: 118, b: 110, alpha: 1 }
      : { r: 255, g: 255, b: 255, alpha: 1 }
    : cornerColour(raw.data, width, height);
  const logo = await pixels().resize({ width: w, height: h, fit: 'fill' }).png().toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: logo, gravity: 'centre' }])
    .removeAlpha()
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Every file of the logo from the uploaded bytes; refuses what cannot be her logo with a LogoImageError. */
export async function makeLogoFiles(input: Buffer): Promise<MadeLogo> {
  await readable(input);
  const { data, info } = await upright(input);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const pixels = () => sharp(data, raw);
  const files: LogoFile[] = [];
  const add = async (contentType: LogoContentType, image: Sharp) => {
    const out = await image.toBuffer({ resolveWithObject: true });
    const ext = contentType.slice('image/'.length);
    files.push({
      name: `${out.info.width}.${ext}`,
      contentType,
      width: out.info.width,
      height: out.info.height,
      bytes: out.data,
    });
    return out.info;
  };

  const widths = siteWidths(info.width);
  let largest = { width: info.width, height: info.height };
  for (const width of widths) {
    await add('image/webp', pixels().resize({ width }).webp({ quality: 82, alphaQuality: 90 }));
    largest = await add('image/avif', pixels().resize({ width }).avif({ quality: 55, effort: 4 }));
  }
  // Enlarged when the upload is narrower: e-mails and receipts draw it at half this width.
  const png = await add(
    'image/png',
    pixels().resize({ width: LOGO_PNG_WIDTH }).png({ compressionLevel: 9, palette: true, quality: 90 }),
  );
  for (const size of LOGO_ICON_SIZES) {
    const bytes = await iconOf(pixels, { data, width: info.width, height: info.height }, size);
    files.push({ name: `${size}.png`, contentType: 'image/png', width: size, height: size, bytes });
  }

  const hash = createHash('sha256').update(input).digest('hex').slice(0, 16);
  return {
    ref: {
      hash,
      width: largest.width,
      height: largest.height,
      widths,
      pngHeight: png.height,
      iconSizes: [...LOGO_ICON_SIZES],
    },
    files,
  };
}

const blanks = new Map<LogoContentType, Promise<Buffer>>();

/** A transparent 1x1 image of a format, made once: what an address of a removed logo shows (stand-in.ts). */
export function blankImage(format: 'avif' | 'webp' | 'png'): Promise<Buffer> {
  const type: LogoContentType = `image/${format}`;
  let made = blanks.get(type);
  if (!made) {
    made = sharp({ create: { width: 1, height: 1, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .toFormat(format)
      .toBuffer();
    blanks.set(type, made);
  }
  return made;
}
