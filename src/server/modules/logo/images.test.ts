import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LogoImageError, makeLogoFiles, siteWidths } from './images';

/** The RGB of one pixel of a PNG. */
async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

/** Within a few levels of each channel (JPEG and resizing move colours slightly). */
function expectNear(rgb: number[], expected: number[]): void {
  expect(
    rgb.map((c, i) => Math.abs(c - expected[i]!)).every((d) => d <= 4),
    `${rgb.join(',')} near ${expected.join(',')}`,
  ).toBe(true);
}

const icon = async (input: Buffer, size: 192 | 512) =>
  (await makeLogoFiles(input)).files.find((f) => f.name === `${size}.png`)!.bytes;

describe('siteWidths', () => {
  it('makes the site widths up to the image’s own, and its own when it is narrower than the smallest', () => {
    expect(siteWidths(2000)).toEqual([96, 192, 384, 768]);
    expect(siteWidths(500)).toEqual([96, 192, 384]);
    expect(siteWidths(64)).toEqual([64]);
  });
});

describe('the app icons', () => {
  it('a square-ish photo fills the icon to its corners', async () => {
    const photo = await sharp({ create: { width: 900, height: 800, channels: 3, background: '#8a5a44' } })
      .jpeg()
      .toBuffer();
    const png = await icon(photo, 512);
    expectNear(await pixel(png, 0, 0), [138, 90, 68]);
    expectNear(await pixel(png, 256, 256), [138, 90, 68]);
  });

  it('a wide logo on a transparent ground sits inside the maskable safe zone, on white', async () => {
    const logo = await sharp({
      create: { width: 800, height: 200, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const transparent = await sharp({
      create: { width: 800, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: logo }])
      .ensureAlpha()
      .png()
      .toBuffer();
    // A wide red bar with a clear margin: the bar's corners must stay within the circle of 40% of the size.
    const withMargin = await sharp(transparent)
      .extend({ top: 20, bottom: 20, left: 20, right: 20, background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    const png = await icon(withMargin, 512);
    expect(await pixel(png, 256, 256)).toEqual([200, 30, 30]);
    // Outside the safe zone (the corners and the edges' middles): the background.
    for (const [x, y] of [
      [0, 0],
      [511, 511],
      [256, 5],
      [5, 256],
      [256 + Math.round(0.41 * 512 * Math.SQRT1_2), 256 - Math.round(0.41 * 512 * Math.SQRT1_2)],
    ] as const) {
      expect(await pixel(png, x, y), `${x},${y}`).toEqual([255, 255, 255]);
    }
  });

  it('an opaque wide logo sits on its own ground colour, continued to the edges', async () => {
    const logo = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#f4e9d8' } })
      .composite([
        {
          input: Buffer.from('<svg width="400" height="100"><rect width="400" height="100" fill="#222"/></svg>'),
          top: 50,
          left: 100,
        },
      ])
      .png()
      .toBuffer();
    const png = await icon(logo, 192);
    expect(await pixel(png, 0, 0)).toEqual([244, 233, 216]);
    expectNear(await pixel(png, 96, 96), [34, 34, 34]);
  });
});

describe('refusals', () => {
  it('refuses what is not an image, and an image too small to make icons from', async () => {
    await expect(makeLogoFiles(Buffer.from('not an image'))).rejects.toMatchObject({ reason: 'unreadable' });
    const tiny = await sharp({ create: { width: 31, height: 200, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await expect(makeLogoFiles(tiny)).rejects.toBeInstanceOf(LogoImageError);
    await expect(makeLogoFiles(tiny)).rejects.toMatchObject({ reason: 'tooSmall' });
    const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(makeLogoFiles(gif)).rejects.toMatchObject({ reason: 'unreadable' });
  });
});
