// Decision 026: the admin app's icons, generated at build time from one source image (src/client/assets/icon.svg, the
// site's mark on a full teal square) into dist/client/admin/icons/: 192 and 512 ('any', rounded like the favicon),
// 512 maskable (the mark inside the 80% safe zone on the teal) and the 180 px apple-touch-icon (iOS rounds it
// itself). The paths are the ones in src/shared/admin-app.ts (ADMIN_ICONS). Run by scripts/build.mjs; or alone:
// `node scripts/pwa-icons.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = path.join(root, 'src/client/assets/icon.svg');
const TEAL = '#0f766e';

/** The source drawn at `size` px, scaled by `scale` and centred on a teal square (rounded corners with `radius`). */
async function icon(svg, size, { scale = 1, radius = 0 } = {}) {
  const inner = Math.round(size * scale);
  const art = await sharp(svg, { density: Math.ceil((72 * inner) / 32) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  const offset = Math.round((size - inner) / 2);
  const base = sharp({ create: { width: size, height: size, channels: 4, background: TEAL } }).composite([
    { input: art, left: offset, top: offset },
  ]);
  if (radius === 0) return base.png().toBuffer();
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius}" fill="#fff"/></svg>`,
  );
  return sharp(await base.png().toBuffer())
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

export async function writePwaIcons(outDir = path.join(root, 'dist/client')) {
  const svg = fs.readFileSync(SOURCE);
  const dir = path.join(outDir, 'admin/icons');
  fs.mkdirSync(dir, { recursive: true });
  const files = {
    'icon-192.png': await icon(svg, 192, { radius: 54 }),
    'icon-512.png': await icon(svg, 512, { radius: 144 }),
    // Android crops maskable icons to a circle or squircle: the mark keeps to the middle 80%.
    'maskable-512.png': await icon(svg, 512, { scale: 0.72 }),
    'apple-touch-icon.png': await icon(svg, 180),
  };
  for (const [name, data] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), data);
  return Object.keys(files).map((name) => path.join(dir, name));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of await writePwaIcons()) console.log(path.relative(root, file));
}
