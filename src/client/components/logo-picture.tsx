/**
 * Her logo or photo (docs/product.md §19) as the pages draw it: AVIF, then WebP, then the PNG, each browser taking the
 * smallest file its screen needs (srcset and sizes), with its width and height so nothing moves when it arrives.
 */
import type { PracticeLogo } from '@shared/logo';

interface LogoPictureProps {
  logo: PracticeLogo;
  /** The CSS pixels it is drawn at, as `sizes` says it ('36px', '(min-width: 1024px) 384px, 160px'). */
  sizes: string;
  /** Its box's attributes: the proportions (the browser keeps the space), scaled to one of its drawn sizes. */
  height: number;
  /** Empty when the practice's name is written beside it. */
  alt: string;
  /** Above the fold (the header, the hero): asked for at once; else when it scrolls near. */
  eager?: boolean;
  /** The <img>'s classes (its drawn size). */
  className?: string;
  /**
   * The <picture>'s: a box of its own, never `display: contents` (its <source>s would become flex items, each given
   * the container's gap).
   */
  pictureClassName?: string;
}

export function LogoPicture({
  logo,
  sizes,
  height,
  alt,
  eager = false,
  className,
  pictureClassName = 'block min-w-0',
}: LogoPictureProps) {
  const width = Math.round((height * logo.width) / logo.height);
  return (
    <picture className={pictureClassName}>
      <source type="image/avif" srcSet={logo.avif} sizes={sizes} />
      <source type="image/webp" srcSet={logo.webp} sizes={sizes} />
      <img
        src={logo.png}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={className}
      />
    </picture>
  );
}

/** Drawn this tall, how wide the logo is (for `sizes`), at most `maxWidth`. */
export const logoWidthAt = (logo: PracticeLogo, height: number, maxWidth = Infinity) =>
  Math.min(maxWidth, Math.round((height * logo.width) / logo.height));
