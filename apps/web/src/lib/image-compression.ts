/** Spec §5 image compression defaults: fit within 1024 × 1024, JPEG at quality 0.8. */
export const COMPRESSION = { maxWidth: 1024, maxHeight: 1024, quality: 0.8, type: 'image/jpeg' } as const;

/** The size that fits `width` × `height` inside the box, keeping the ratio and never enlarging. Pure. */
export function fitWithin(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('Failed to load image'));
    };
    image.src = url;
  });
}

/** Redraws a photo on a canvas within 1024 × 1024 as JPEG 0.8; rejects when the browser cannot. */
export async function compressImage(file: File): Promise<File> {
  const image = await loadImage(file);
  const { width, height } = fitWithin(
    image.naturalWidth,
    image.naturalHeight,
    COMPRESSION.maxWidth,
    COMPRESSION.maxHeight,
  );
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Image compression failed');
  // JPEG has no transparency: paint white under it instead of black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, COMPRESSION.type, COMPRESSION.quality),
  );
  if (!blob) throw new Error('Image compression failed');
  const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
  return new File([blob], name, { type: COMPRESSION.type });
}
