// @both-databases: two server processes on one PostgreSQL database serve one logo
/**
 * Her logo or photo (docs/product.md §19): uploaded as the image itself, made into AVIF, WebP and PNG files
 * (read back with sharp: formats, sizes, upright, no EXIF or GPS), served for good at /media/logo/, named by the
 * practice info, drawn in e-mails (a real SMTP sink, parsed by mailparser), in receipts (poppler's pdfimages lists
 * it) and in the installed app's manifest; refused with a clear 4xx when it cannot be her logo; removed everywhere.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGO_MESSAGES, type PracticeLogo } from '../../src/shared/logo';
import type { PracticeInfo } from '../../src/shared/practice';
import type { AdminBooking } from '../../src/shared/schemas/booking';
import type { ReceiptIssued } from '../../src/shared/schemas/receipts';
import { emailOutbox } from '../../src/server/db/schema';
import { createMailWorker, type MailLogger } from '../../src/server/modules/mail/worker';
import { useTestApp } from '../helpers/app';
import { TEST_ADMIN } from '../helpers/fixtures';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { expectRejected, expectUnchanged } from '../helpers/expect-rejected';
import { startSmtp, type Smtp } from '../helpers/smtp';
import { backend } from '../helpers/test-database';
import { onTwoServerProcesses, signedInOver } from '../helpers/two-processes';

const LOGO = '/api/admin/settings/logo';
const run = promisify(execFile);

let smtp: Smtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});

const t = useTestApp(() => ({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, signedIn: true }));

/** A 2000x1200 photo taken with the camera turned (EXIF orientation 6: upright it is 1200x2000), with a GPS fix. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 2000, height: 1200, channels: 3, background: '#c8d6cf' } })
    .composite([{ input: Buffer.from('<svg width="600" height="600"><circle cx="300" cy="300" r="280"/></svg>') }])
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Artist: 'Camera Owner', Copyright: 'Camera Owner' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '40/1 54/1 36/1', GPSLongitudeRef: 'E', GPSLongitude: '175/1 0/1 7/1' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A wide logo on a transparent ground. */
async function widePng(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="900" height="300"><rect x="30" y="60" width="840" height="180" rx="40" fill="#136f63"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
}

const upload = (bytes: Buffer, type: string) => t.admin.post(LOGO, bytes, { headers: { 'content-type': type } });

async function uploaded(bytes: Buffer, type: string): Promise<PracticeLogo> {
  const res = await upload(bytes, type);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PracticeLogo>();
}

const practice = () => t.getJson<PracticeInfo>('/api/practice');

/** Each file of a srcset: its address and the width it names. */
const srcsetOf = (srcset: string) =>
  srcset.split(', ').map((entry) => {
    const [url, w] = entry.split(' ');
    return { url: url!, width: Number(w!.slice(0, -1)) };
  });

async function fileOf(url: string) {
  const res = await t.get(url);
  expect(res.statusCode, url).toBe(200);
  return { res, meta: await sharp(res.rawPayload).metadata(), bytes: res.rawPayload };
}

const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as MailLogger;

/** The e-mails queued so far, sent to the SMTP sink and parsed as a mail client reads them. */
async function delivered() {
  smtp.received.length = 0;
  const worker = createMailWorker({ database: t.database, config: t.config, log: silent });
  await worker.runOnce();
  await worker.stop();
  return Promise.all(smtp.received.map((m) => simpleParser(Buffer.from(m.raw, 'latin1'))));
}

let slot = 0;
/** A new booking request: its e-mails are queued. */
async function requestBooking(): Promise<AdminBooking> {
  const n = slot++;
  const res = await book(
    t,
    bookingRequest({ date: openDay(n), time: '10:00', email: `logo${n}@example.nz`, phone: `021 800 00${10 + n}` }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminBooking>();
}

/** The images a PDF draws, as poppler's pdfimages lists them (type, width, height). */
async function pdfImages(pdf: Buffer): Promise<{ type: string; width: number; height: number }[]> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hv-logo-')), 'receipt.pdf');
  fs.writeFileSync(file, pdf);
  try {
    const { stdout } = await run('pdfimages', ['-list', file]);
    return stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => line.trim().split(/\s+/))
      .map((cols) => ({ type: cols[2]!, width: Number(cols[3]), height: Number(cols[4]) }));
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** A receipt of a paid visit, as PDF. */
async function receiptPdf(): Promise<Buffer> {
  const b = await requestBooking();
  await t.sql(`UPDATE bookings SET status = 'confirmed' WHERE id = $1`, [b.id]);
  await t.sql(`INSERT INTO payments (booking_id, amount_cents, method, paid_at) VALUES ($1, 8000, 'cash', $2)`, [
    b.id,
    b.date,
  ]);
  const issued = await t.admin.post(`/api/admin/bookings/${b.id}/receipt`);
  expect(issued.statusCode, issued.body).toBe(201);
  const res = await t.admin.get(issued.json<ReceiptIssued>().url);
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const manifestIcons = async () =>
  (await t.get('/admin/manifest.webmanifest')).json<{ icons: { src: string; sizes: string; purpose: string }[] }>()
    .icons;

beforeEach(async () => {
  await t.database.db.delete(emailOutbox);
});

describe('her logo', () => {
  it('is none at first: the practice info says null and the app keeps its own icons', async () => {
    expect((await practice()).logo).toBeNull();
    expect((await manifestIcons()).map((i) => i.src)).toEqual([
      '/admin/icons/icon-192.png',
      '/admin/icons/icon-512.png',
      '/admin/icons/maskable-512.png',
    ]);
  });

  it('from a camera JPEG: upright AVIF and WebP at each width, the PNGs, no EXIF or GPS, cached for good', async () => {
    const jpeg = await cameraJpeg();
    const original = await sharp(jpeg).metadata();
    expect([original.width, original.height, original.orientation]).toEqual([2000, 1200, 6]);
    expect(original.exif?.toString('latin1')).toContain('Camera Owner');

    const logo = await uploaded(jpeg, 'image/jpeg');
    // Turned upright: 1200x2000, its largest site file 768 wide.
    expect({ width: logo.width, height: logo.height }).toEqual({ width: 768, height: 1280 });
    expect((await practice()).logo).toEqual(logo);

    for (const [format, srcset, type] of [
      ['heif', logo.avif, 'image/avif'],
      ['webp', logo.webp, 'image/webp'],
    ] as const) {
      const files = srcsetOf(srcset);
      expect(files.map((f) => f.width)).toEqual([96, 192, 384, 768]);
      for (const { url, width } of files) {
        expect(url).toMatch(new RegExp(`^/media/logo/[0-9a-f]{16}-${width}\\.${type.slice(6)}$`));
        const { res, meta, bytes } = await fileOf(url);
        expect(res.headers['content-type']).toBe(type);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
        expect(meta.format).toBe(format);
        expect(meta.width).toBe(width);
        expect(meta.height).toBeGreaterThan(width); // portrait: the EXIF turn was applied
        expect(meta.exif).toBeUndefined();
        expect(bytes.includes('Camera Owner')).toBe(false);
      }
    }

    const png = await fileOf(logo.png);
    expect(png.res.headers['content-type']).toBe('image/png');
    expect([png.meta.format, png.meta.width, png.meta.height, png.meta.exif]).toEqual(['png', 320, 533, undefined]);

    const hash = /logo\/([0-9a-f]{16})-/.exec(logo.png)![1];
    for (const size of [180, 192, 512]) {
      const icon = await fileOf(`/media/logo/${hash}-${size}.png`);
      expect([icon.meta.format, icon.meta.width, icon.meta.height, icon.meta.exif]).toEqual([
        'png',
        size,
        size,
        undefined,
      ]);
    }
    expect(await manifestIcons()).toEqual([
      { src: `/media/logo/${hash}-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `/media/logo/${hash}-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `/media/logo/${hash}-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);

    // Unknown files and names are 404; another logo's address is one she replaced (below).
    expect((await t.get(`/media/logo/${hash}-1000.webp`)).statusCode).toBe(404);
    expect((await t.get(`/media/logo/${hash}-96.gif`)).statusCode).toBe(404);
    expect((await t.get(`/media/logo/..%2F..%2Fetc%2Fpasswd`)).statusCode).toBe(404);
  });

  it('a new upload replaces the old one: one logo is kept, the old addresses give the new one', async () => {
    const before = (await practice()).logo!;
    const logo = await uploaded(await widePng(), 'image/png');
    expect(logo.png).not.toBe(before.png);
    expect({ width: logo.width, height: logo.height }).toEqual({ width: 768, height: 256 });
    const [row] = await t.sql<{ logos: number; files: number }>(
      'SELECT count(DISTINCT hash)::int AS logos, count(*)::int AS files FROM practice_logo_files',
    );
    // Four widths in two formats, the e-mail PNG and three icons.
    expect(row).toEqual({ logos: 1, files: 12 });
    const png = await fileOf(logo.png);
    expect([png.meta.width, png.meta.height, png.meta.hasAlpha]).toEqual([320, 107, true]);

    // What e-mails, open pages and the kept app shell named: the new logo's file of the same kind, asked again
    // each time (not cached for good: the address no longer names its content).
    const old = await fileOf(before.png);
    expect(old.bytes.equals(png.bytes)).toBe(true);
    expect(old.res.headers['content-type']).toBe('image/png');
    expect(old.res.headers['cache-control']).toBe('no-cache');
    for (const [srcset, format] of [
      [before.webp, 'webp'],
      [before.avif, 'heif'],
    ] as const) {
      for (const { url, width } of srcsetOf(srcset)) {
        const { meta } = await fileOf(url);
        expect([meta.format, meta.width], url).toEqual([format, width]);
        expect(meta.height, url).toBe(Math.round(width / 3));
      }
    }
    // Any other logo's address too (the server keeps no list of past logos: the logo is public anyway).
    const { meta } = await fileOf('/media/logo/0123456789abcdef-96.webp');
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 96, 32]);
  });

  it('is in the e-mails: an <img> of the PNG at its absolute address, named by the practice', async () => {
    const logo = (await practice()).logo!;
    const name = t.config.practice.name;
    await requestBooking();
    const mails = await delivered();
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      const html = String(mail.html);
      const img = /<img [^>]*>/.exec(html)?.[0];
      expect(img).toContain(`src="${t.config.publicUrl}${logo.png}"`);
      expect(img).toContain(`alt="${name.replace(/&/g, '&amp;')}"`);
      expect(img).toContain('width="160"');
    }
  });

  it('is drawn at the top of a receipt', async () => {
    const images = await pdfImages(await receiptPdf());
    // The PNG and its transparency mask.
    expect(images).toContainEqual({ type: 'image', width: 320, height: 107 });
  });

  it('an e-mail sent before she replaces her logo keeps an image: the new one', async () => {
    await requestBooking();
    const [mail] = await delivered();
    const src = /<img [^>]*src="([^"]+)"/.exec(String(mail!.html))![1]!;
    const sent = new URL(src).pathname;
    const logo = await uploaded(await cameraJpeg(), 'image/jpeg');
    expect(logo.png).not.toBe(sent);
    const now = await fileOf(sent);
    expect(now.res.headers['content-type']).toBe('image/png');
    expect(now.bytes.equals((await fileOf(logo.png)).bytes)).toBe(true);
  });

  it('refuses what cannot be her logo with a clear message, and changes nothing', async () => {
    const read = async () => [(await practice()).logo, await t.sql('SELECT hash, name FROM practice_logo_files')];
    const text = Buffer.from('This is a text file, not a picture.\n');
    await expectUnchanged(read, async () => {
      expectRejected(await upload(text, 'image/png'), 400, {
        code: 'IMAGE_UNREADABLE',
        message: LOGO_MESSAGES.unreadable,
      });
      const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
        .gif()
        .toBuffer();
      expectRejected(await upload(gif, 'image/gif'), 415, {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: LOGO_MESSAGES.unsupportedType,
      });
      // A GIF sent as a PNG is read for what it is.
      expectRejected(await upload(gif, 'image/png'), 400, {
        code: 'IMAGE_UNREADABLE',
        message: LOGO_MESSAGES.unreadable,
      });
      expectRejected(await upload(text, 'image/heic'), 415, {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: LOGO_MESSAGES.heic,
      });
      expectRejected(await t.admin.post(LOGO, { image: 'base64…' }), 415, {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: LOGO_MESSAGES.unsupportedType,
      });
      expectRejected(await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'image/jpeg'), 413, {
        code: 'PAYLOAD_TOO_LARGE',
        message: LOGO_MESSAGES.tooLarge,
      });
      // 8000x5001: just over 40 megapixels (a flat colour, so the file itself is small).
      const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#abc' } })
        .png()
        .toBuffer();
      expect(huge.length).toBeLessThan(10 * 1024 * 1024);
      expectRejected(await upload(huge, 'image/png'), 400, {
        code: 'IMAGE_DIMENSIONS',
        message: LOGO_MESSAGES.tooManyPixels,
      });
      const tiny = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#abc' } })
        .png()
        .toBuffer();
      expectRejected(await upload(tiny, 'image/png'), 400, {
        code: 'IMAGE_DIMENSIONS',
        message: LOGO_MESSAGES.tooSmall,
      });
    });
  });

  it('needs her session to upload or remove', async () => {
    const png = await widePng();
    expectRejected(await t.post(LOGO, png, { headers: { 'content-type': 'image/png' } }), 401);
    expectRejected(await t.del(LOGO), 401);
    expect((await practice()).logo).not.toBeNull();
  });

  it('removed: gone from the practice info, its files, the e-mails, the receipts and the app icons', async () => {
    const logo = (await practice()).logo!;
    const res = await t.admin.del(LOGO);
    expect(res.statusCode, res.body).toBe(204);
    expect((await practice()).logo).toBeNull();
    expect(await t.sql('SELECT hash FROM practice_logo_files')).toEqual([]);
    // Her old addresses (e-mails already sent) give a transparent image of their format: nothing of hers is left to
    // see, and no broken-image sign.
    for (const [url, format, type] of [
      [logo.png, 'png', 'image/png'],
      [srcsetOf(logo.webp)[0]!.url, 'webp', 'image/webp'],
      [srcsetOf(logo.avif).at(-1)!.url, 'heif', 'image/avif'],
    ] as const) {
      const { res, meta } = await fileOf(url);
      expect([res.headers['content-type'], res.headers['cache-control']], url).toEqual([type, 'no-cache']);
      expect([meta.format, meta.width, meta.height, meta.hasAlpha], url).toEqual([format, 1, 1, true]);
      const { data } = await sharp(res.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(data[3], url).toBe(0);
    }
    expect((await manifestIcons())[0]!.src).toBe('/admin/icons/icon-192.png');

    await requestBooking();
    const mails = await delivered();
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(String(mail.html)).not.toContain('<img');
    expect(await pdfImages(await receiptPdf())).toEqual([]);

    // Removing when there is none is the same answer.
    expect((await t.admin.del(LOGO)).statusCode).toBe(204);
  });
});

describe.runIf(backend === 'postgres')('two server processes on one PostgreSQL database', () => {
  it('a logo uploaded through one is named and served by the other at once; removed through the other, gone', async () => {
    await onTwoServerProcesses(async ({ a, b }) => {
      const login = await fetch(`${a}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }),
      });
      const cookie = /hv_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
      const res = await fetch(`${a}${LOGO}`, {
        method: 'POST',
        headers: { 'content-type': 'image/png', cookie },
        body: new Uint8Array(await widePng()),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const logo = (await res.json()) as PracticeLogo;
      const practiceOn = async (base: string) =>
        ((await (await fetch(`${base}/api/practice`)).json()) as PracticeInfo).logo;
      await expect.poll(() => practiceOn(b)).toEqual(logo);
      const png = await fetch(`${b}${logo.png}`);
      expect(png.status).toBe(200);
      expect((await sharp(Buffer.from(await png.arrayBuffer())).metadata()).width).toBe(320);

      const adminB = await signedInOver(b);
      expect((await adminB('DELETE', LOGO)).status).toBe(204);
      await expect.poll(() => practiceOn(a)).toBeNull();
      // The other process no longer shows it: a blank image stands in.
      const gone = await fetch(`${a}${logo.png}`);
      expect(gone.status).toBe(200);
      expect((await sharp(Buffer.from(await gone.arrayBuffer())).metadata()).width).toBe(1);
    });
    // Two server processes start first: seconds each on a loaded 2-core machine.
  }, 120_000);
});
