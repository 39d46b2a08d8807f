import sharp from 'sharp';

export type Rgb = [number, number, number];

/** A diagonal two-colour gradient PNG, made here from raw pixels: demo data never downloads anything. */
export async function gradientPng(width: number, height: number, from: Rgb, to: Rgb): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.round((from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
