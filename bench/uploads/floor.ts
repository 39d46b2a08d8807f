import sharp from 'sharp';

/**
 * The image work the server does for one post photo (apps/server/src/modules/media/image-store.ts):
 * read the header, decode once (upright, 1280 px wide at most, sRGB, raw pixels), then encode the
 * 480 and 1280 px WebP. No disk writes, no HTTP, no database: the floor under an upload's time.
 */
async function render(bytes: Buffer): Promise<number> {
  const input = { limitInputPixels: 50_000_000, failOn: 'error' as const };
  const meta = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  if (!meta.width || !meta.height) throw new Error('not an image');
  const { data, info } = await sharp(bytes, input)
    .autoOrient()
    .resize(1280, 2560, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const outputs = await Promise.all(
    [480, 1280].map((width) =>
      sharp(data, { raw })
        .resize(width, width * 2, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
    ),
  );
  return outputs.reduce((sum, o) => sum + o.length, 0);
}

/** Renders every photo at once, as the parallel uploads ask the server to; answers the wall time in ms. */
export async function floorTime(photos: Buffer[]): Promise<number> {
  const started = performance.now();
  await Promise.all(photos.map(render));
  return performance.now() - started;
}
