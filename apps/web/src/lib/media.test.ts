import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageVariant } from './media.ts';

describe('stored image sizes', () => {
  it('names another size of the same picture', () => {
    expect(imageVariant('/media/profile_pictures/abc-192.webp', 96)).toBe(
      '/media/profile_pictures/abc-96.webp',
    );
    expect(imageVariant('/media/cover_photos/abc-1200.webp', 2400)).toBe('/media/cover_photos/abc-2400.webp');
  });

  it('leaves other addresses alone', () => {
    expect(imageVariant('blob:http://x/1234-abcd', 96)).toBe('blob:http://x/1234-abcd');
    expect(imageSrcSet('blob:http://x/1234-abcd', [96])).toBeUndefined();
    expect(imageSrcSet('/media/cover_photos/c-1200.webp', [1200, 2400])).toBe(
      '/media/cover_photos/c-1200.webp 1200w, /media/cover_photos/c-2400.webp 2400w',
    );
  });
});
