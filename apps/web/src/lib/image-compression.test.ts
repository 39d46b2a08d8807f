import { describe, expect, it } from 'vitest';
import { COMPRESSION, fitWithin } from './image-compression.ts';

describe('image compression defaults (spec §5)', () => {
  it('is 1024 × 1024, JPEG, quality 0.8', () => {
    expect(COMPRESSION).toEqual({ maxWidth: 1024, maxHeight: 1024, quality: 0.8, type: 'image/jpeg' });
  });

  it('fits within the box keeping the ratio, never enlarging', () => {
    expect(fitWithin(4000, 3000, 1024, 1024)).toEqual({ width: 1024, height: 768 });
    expect(fitWithin(1000, 3000, 1024, 1024)).toEqual({ width: 341, height: 1024 });
    expect(fitWithin(640, 480, 1024, 1024)).toEqual({ width: 640, height: 480 });
  });
});
