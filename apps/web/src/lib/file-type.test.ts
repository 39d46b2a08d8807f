import { describe, expect, it } from 'vitest';
import { claimsImage, imageTypeOf, sniffImage } from './file-type.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

describe('the real type of an image, from its first bytes', () => {
  it('knows JPEG, PNG, GIF and WebP by their magic numbers', () => {
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d))).toBe(
      'image/png',
    );
    expect(imageTypeOf(bytes(...ascii('GIF89a'), 1, 0))).toBe('image/gif');
    expect(imageTypeOf(bytes(...ascii('GIF87a'), 1, 0))).toBe('image/gif');
    expect(imageTypeOf(bytes(...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBP')))).toBe('image/webp');
  });

  it('is null for text, PDF, a RIFF that is not WebP, and too few bytes', () => {
    expect(imageTypeOf(bytes(...ascii('hello, this is text')))).toBeNull();
    expect(imageTypeOf(bytes(...ascii('%PDF-1.4')))).toBeNull();
    expect(imageTypeOf(bytes(...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WAVE')))).toBeNull();
    expect(imageTypeOf(bytes(...ascii('GIF8')))).toBeNull();
    expect(imageTypeOf(bytes(0xff, 0xd8))).toBeNull();
    expect(imageTypeOf(bytes())).toBeNull();
  });

  it('reads a file whatever its name and declared type', async () => {
    const fake = new File(['just some notes'], 'fake.jpg', { type: 'image/jpeg' });
    expect(await sniffImage(fake)).toBeNull();
    const real = new File([bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0)], 'scan.txt', {
      type: 'text/plain',
    });
    expect(await sniffImage(real)).toBe('image/png');
  });

  it('knows which files say they are images: by type or by extension', () => {
    expect(claimsImage(new File(['x'], 'photo', { type: 'image/png' }))).toBe(true);
    expect(claimsImage(new File(['x'], 'fake.JPG'))).toBe(true);
    expect(claimsImage(new File(['x'], 'plan.webp', { type: '' }))).toBe(true);
    expect(claimsImage(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe(false);
    expect(claimsImage(new File(['x'], 'jpg', { type: '' }))).toBe(false);
  });
});
