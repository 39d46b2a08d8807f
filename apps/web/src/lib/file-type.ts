/** The image types the app takes (posts, chat, profiles), as the server recognises them. */
export type ImageMime = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'jpe', 'jfif', 'png', 'gif', 'webp']);

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

/**
 * The image type the first bytes of a file say it is (its "magic"), whatever its name or declared
 * type: JPEG FF D8 FF, PNG 89 'PNG' 0D 0A 1A 0A, GIF 'GIF87a'/'GIF89a', WebP 'RIFF' ···· 'WEBP'.
 * Null for anything else. Pure.
 */
export function imageTypeOf(bytes: Uint8Array): ImageMime | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  )
    return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

function readHead(file: Blob, length: number): Promise<Uint8Array> {
  const head = file.slice(0, length);
  // Blob.arrayBuffer is missing in some test environments; FileReader is everywhere.
  if (typeof head.arrayBuffer === 'function')
    return head.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(reader.result instanceof ArrayBuffer ? new Uint8Array(reader.result) : new Uint8Array());
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(head);
  });
}

/** What the file's first bytes say it is (see imageTypeOf); null when unreadable or not an image. */
export async function sniffImage(file: Blob): Promise<ImageMime | null> {
  try {
    return imageTypeOf(await readHead(file, 12));
  } catch {
    return null;
  }
}

/** Whether the file says it is an image, by its declared type or its name's extension. */
export function claimsImage(file: File): boolean {
  if (file.type.startsWith('image/')) return true;
  const extension = file.name.includes('.') ? (file.name.split('.').pop()?.toLowerCase() ?? '') : '';
  return IMAGE_EXTENSIONS.has(extension);
}
