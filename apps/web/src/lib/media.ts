/**
 * Stored pictures come in sizes named in the file (`…-192.webp`, also -96 and -384; covers -1200 and
 * -2400). Returns the URL of another size, or the URL unchanged when it does not follow the pattern.
 */
export function imageVariant(url: string, size: number): string {
  return url.replace(/-(\d+)(\.\w+)$/, `-${size}$2`);
}

/** A `srcset` of the given sizes (widths in px) when the URL follows the pattern; else undefined. */
export function imageSrcSet(url: string, sizes: readonly number[]): string | undefined {
  if (!/-(\d+)(\.\w+)$/.test(url)) return undefined;
  return sizes.map((size) => `${imageVariant(url, size)} ${size}w`).join(', ');
}
