// Writes the app's PNG icons (public/icons/) from the mark in public/favicon.svg: run once after the mark
// changes (`node apps/web/scripts/make-icons.mjs`) and commit the PNGs; the build only copies them.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const house = /<path d="([^"]+)"/.exec(favicon)?.[1];
const teal = /fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1];
if (!house || !teal) throw new Error('favicon.svg no longer has the rounded square and the house this reads');

const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`;
const houseAt = (scale, fill = '#fff') =>
  `<path d="${house}" fill="${fill}" transform="translate(16 16) scale(${scale}) translate(-16 -16)"/>`;

const icons = {
  // The favicon itself, rounded corners and all: for browsers' tabs, shelves and install prompts.
  'icon-192.png': [favicon, 192],
  'icon-512.png': [favicon, 512],
  // Full bleed, the house well inside the central circle (40% of the size in radius) that every
  // platform's mask keeps.
  'icon-maskable-512.png': [svg(`<rect width="32" height="32" fill="${teal}"/>${houseAt(0.8)}`), 512],
  // iOS rounds the corners itself and fills transparency with black: a full square.
  'apple-touch-icon.png': [svg(`<rect width="32" height="32" fill="${teal}"/>${houseAt(0.9)}`), 180],
  // The status bar's small icon on Android: only its alpha counts, so a white house on nothing.
  'badge-96.png': [svg(houseAt(1.3)), 96],
};

mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
for (const [name, [source, size]] of Object.entries(icons)) {
  await sharp(Buffer.from(source), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(publicDir, 'icons', name));
  console.log(`public/icons/${name} (${size}×${size})`);
}
