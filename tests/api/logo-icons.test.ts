/**
 * docs/product.md §19: the pages' icons follow her logo without a restart (the admin app's apple-touch-icon, every
 * page's favicon, the manifest's icons), and the addresses of a logo she replaced or removed keep giving an image:
 * e-mails already sent, pages left open and the app shell kept offline name them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { PracticeLogo } from '../../src/shared/logo';
import { writePwaIcons } from '../../scripts/pwa-icons.mjs';
import { useTestApp } from '../helpers/app';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LOGO = '/api/admin/settings/logo';

/** The built client's stand-in: the real page template, favicon and the app's own icons as the build writes them. */
const iconsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-icons-'));
await writePwaIcons(iconsDir);
const icons = Object.fromEntries(
  fs.readdirSync(path.join(iconsDir, 'admin/icons')).map((name) => {
    return [`admin/icons/${name}`, fs.readFileSync(path.join(iconsDir, 'admin/icons', name))];
  }),
);
afterAll(() => fs.rmSync(iconsDir, { recursive: true, force: true }));

const t = useTestApp({
  client: {
    'index.html': fs.readFileSync(path.join(ROOT, 'src/client/index.html'), 'utf8'),
    'favicon.svg': fs.readFileSync(path.join(ROOT, 'src/client/public/favicon.svg')),
    ...icons,
  },
  signedIn: true,
});

/** A logo drawn in one colour on a transparent ground, so each upload is another logo. */
const logoPng = (fill: string, width = 600, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect x="10" y="10" width="${width - 20}" height="${height - 20}" fill="${fill}"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

async function upload(fill: string): Promise<PracticeLogo> {
  const res = await t.admin.post(LOGO, await logoPng(fill), { headers: { 'content-type': 'image/png' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PracticeLogo>();
}

/** The href and sizes of a page's `<link rel=...>`. */
function linkOf(html: string, rel: string): { href: string; sizes: string | null; type: string | null } {
  const tag = new RegExp(`<link rel="${rel}"[^>]*>`).exec(html)?.[0];
  expect(tag, rel).toBeDefined();
  const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag!)?.[1] ?? null;
  return { href: attr('href')!, sizes: attr('sizes'), type: attr('type') };
}

/** An image address fetched as a browser would (following a redirect): its type, size and bytes. */
async function image(url: string) {
  let res = await t.get(url);
  if (res.statusCode === 302) res = await t.get(res.headers.location as string);
  expect(res.statusCode, url).toBe(200);
  const meta = await sharp(res.rawPayload).metadata();
  return {
    type: String(res.headers['content-type']),
    format: meta.format,
    width: meta.width,
    height: meta.height,
    res,
  };
}

const iconLinks = async () => ({
  appleTouch: linkOf((await t.get('/admin/today')).body, 'apple-touch-icon'),
  adminFavicon: linkOf((await t.get('/admin/login')).body, 'icon'),
  favicon: linkOf((await t.get('/')).body, 'icon'),
});

const manifestIcons = async () =>
  (await t.get('/admin/manifest.webmanifest')).json<{ icons: { src: string; sizes: string; type: string }[] }>().icons;

/** Each manifest icon gives a PNG of the size it says. */
async function expectManifestIconsServed() {
  for (const icon of await manifestIcons()) {
    const got = await image(icon.src);
    expect([got.format, `${got.width}x${got.height}`], icon.src).toEqual(['png', icon.sizes]);
  }
}

const hashOf = (logo: PracticeLogo) => /logo\/([0-9a-f]{16})-/.exec(logo.png)![1]!;

describe("the pages' icons follow her logo", () => {
  it('without a logo: the site mark as favicon, the app icon at 180 px for iOS', async () => {
    const links = await iconLinks();
    expect(links.favicon).toEqual({ href: '/favicon.svg', sizes: null, type: 'image/svg+xml' });
    expect(links.adminFavicon.href).toBe('/favicon.svg');
    expect(links.appleTouch).toEqual({ href: '/admin/icons/apple-touch-icon.png', sizes: '180x180', type: null });
    const apple = await image(links.appleTouch.href);
    expect([apple.type, apple.width, apple.height]).toEqual(['image/png', 180, 180]);
    expect((await t.get('/favicon.svg')).headers['content-type']).toMatch(/^image\/svg\+xml/);
    await expectManifestIconsServed();
  });

  it('her upload is the favicon and the apple-touch-icon at once, a square PNG of the size named', async () => {
    const logo = await upload('#136f63');
    const hash = hashOf(logo);
    const links = await iconLinks();
    expect(links.appleTouch).toEqual({ href: `/media/logo/${hash}-180.png`, sizes: '180x180', type: null });
    expect(links.favicon).toEqual({ href: `/media/logo/${hash}-180.png`, sizes: '180x180', type: 'image/png' });
    expect(links.adminFavicon).toEqual(links.favicon);
    const icon = await image(links.appleTouch.href);
    expect([icon.type, icon.format, icon.width, icon.height]).toEqual(['image/png', 'png', 180, 180]);
    expect(icon.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The page itself is the only link to the site's mark left: no second favicon.
    expect((await t.get('/')).body).not.toContain('/favicon.svg');
    expect((await manifestIcons())[0]!.src).toBe(`/media/logo/${hash}-192.png`);
    await expectManifestIconsServed();
  });

  it('a replaced logo: the links name the new one, and the old icon addresses give the new icons', async () => {
    const before = (await iconLinks()).appleTouch.href;
    const oldHash = /logo\/([0-9a-f]{16})-/.exec(before)![1]!;
    const logo = await upload('#7c2d12');
    const hash = hashOf(logo);
    expect(hash).not.toBe(oldHash);
    const links = await iconLinks();
    expect(links.appleTouch.href).toBe(`/media/logo/${hash}-180.png`);
    expect(links.favicon.href).toBe(`/media/logo/${hash}-180.png`);
    await expectManifestIconsServed();

    for (const size of [180, 192, 512]) {
      const old = await image(`/media/logo/${oldHash}-${size}.png`);
      const now = await image(`/media/logo/${hash}-${size}.png`);
      expect([old.format, old.width, old.height]).toEqual(['png', size, size]);
      expect(old.res.rawPayload.equals(now.res.rawPayload), `${size}`).toBe(true);
      // Not kept for good: the address no longer names what it shows.
      expect(old.res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("removed: the site's own icons again, and the logo's icon addresses give the app's own icons", async () => {
    const hash = /logo\/([0-9a-f]{16})-/.exec((await iconLinks()).appleTouch.href)![1]!;
    expect((await t.admin.del(LOGO)).statusCode).toBe(204);
    const links = await iconLinks();
    expect(links.favicon.href).toBe('/favicon.svg');
    expect(links.appleTouch.href).toBe('/admin/icons/apple-touch-icon.png');
    await expectManifestIconsServed();

    const redirect = await t.get(`/media/logo/${hash}-180.png`);
    expect([redirect.statusCode, redirect.headers.location]).toEqual([302, '/admin/icons/apple-touch-icon.png']);
    expect(redirect.headers['cache-control']).toBe('no-cache');
    for (const [size, file] of [
      [180, 'apple-touch-icon.png'],
      [192, 'icon-192.png'],
      [512, 'icon-512.png'],
    ] as const) {
      const old = await image(`/media/logo/${hash}-${size}.png`);
      const app = await image(`/admin/icons/${file}`);
      expect([old.format, old.width, old.height]).toEqual(['png', size, size]);
      expect(old.res.rawPayload.equals(app.res.rawPayload)).toBe(true);
    }
  });
});
