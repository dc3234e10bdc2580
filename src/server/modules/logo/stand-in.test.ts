import { describe, expect, it } from 'vitest';
import type { LogoRef } from '@shared/logo';
import { standInFor } from './stand-in';

const narrow: LogoRef = {
  hash: '0123456789abcdef',
  width: 192,
  height: 96,
  widths: [96, 192],
  pngHeight: 160,
  iconSizes: [180, 192, 512],
};
/** Uploaded before the 180 px icon was made. */
const older: LogoRef = { ...narrow, iconSizes: [192, 512] };

describe('what stands in for a file of a logo that is not current', () => {
  it('replaced: the current file of the same format, the nearest width at least as wide, else the widest', () => {
    expect(standInFor(narrow, 96, 'avif')).toEqual({ kind: 'current', name: '96.avif' });
    expect(standInFor(narrow, 384, 'webp')).toEqual({ kind: 'current', name: '192.webp' });
    expect(standInFor(narrow, 768, 'avif')).toEqual({ kind: 'current', name: '192.avif' });
    expect(standInFor(narrow, 150, 'webp')).toEqual({ kind: 'current', name: '192.webp' });
  });

  it("replaced: the e-mails' PNG for a PNG, an icon for an icon", () => {
    expect(standInFor(narrow, 320, 'png')).toEqual({ kind: 'current', name: '320.png' });
    expect(standInFor(narrow, 180, 'png')).toEqual({ kind: 'current', name: '180.png' });
    expect(standInFor(narrow, 512, 'png')).toEqual({ kind: 'current', name: '512.png' });
    expect(standInFor(older, 180, 'png')).toEqual({ kind: 'current', name: '192.png' });
  });

  it("removed: the app's own icon for an icon, a blank image of the same format for the rest", () => {
    expect(standInFor(null, 180, 'png')).toEqual({ kind: 'app-icon', url: '/admin/icons/apple-touch-icon.png' });
    expect(standInFor(null, 192, 'png')).toEqual({ kind: 'app-icon', url: '/admin/icons/icon-192.png' });
    expect(standInFor(null, 512, 'png')).toEqual({ kind: 'app-icon', url: '/admin/icons/icon-512.png' });
    expect(standInFor(null, 320, 'png')).toEqual({ kind: 'blank', format: 'png' });
    expect(standInFor(null, 384, 'avif')).toEqual({ kind: 'blank', format: 'avif' });
  });
});
