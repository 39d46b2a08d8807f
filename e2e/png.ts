import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small PNG made by hand (no downloads): a teal-to-amber diagonal gradient. */
export function makePng(width: number, height: number): Buffer {
  return encodePng(width, height, (x, y) => {
    const t = (x + y) / (width + height);
    return [Math.round(0 + 245 * t), Math.round(150 + 40 * t), Math.round(136 - 100 * t)];
  });
}

/**
 * A photo-like PNG: a 12 × 9 grid of random colours from `seed` (the same seed, the same picture),
 * with edges enough for the server's perceptual hash to tell it from others.
 */
export function makeTexturedPng(width: number, height: number, seed: number): Buffer {
  let state = seed;
  const cells = Array.from({ length: 12 * 9 }, () =>
    [0, 1, 2].map(() => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return Math.floor((state / 2 ** 31) * 256);
    }),
  );
  return encodePng(
    width,
    height,
    (x, y) => cells[Math.floor((y * 9) / height) * 12 + Math.floor((x * 12) / width)] ?? [0, 0, 0],
  );
}

function encodePng(width: number, height: number, colour: (x: number, y: number) => number[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < width; x++) rows.push(...colour(x, y));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
