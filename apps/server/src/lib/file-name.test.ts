import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name.ts';

describe('cleanFileName', () => {
  it('keeps only the last segment of a path, whichever slash it uses', () => {
    expect(cleanFileName('../../etc/passwd', { fallback: 'x' })).toBe('passwd');
    expect(cleanFileName('C:\\Users\\sara\\lobby.jpg', { fallback: 'x' })).toBe('lobby.jpg');
  });

  it('drops control characters, trims, and falls back when nothing is left', () => {
    expect(cleanFileName(' plan\u0000\u001b\u007f.pdf ', { fallback: 'x' })).toBe('plan.pdf');
    expect(cleanFileName('\u0001\u0002', { fallback: 'photo-3' })).toBe('photo-3');
    expect(cleanFileName(undefined, { fallback: 'photo-1' })).toBe('photo-1');
    expect(cleanFileName('مكتب العليا.png', { fallback: 'x' })).toBe('مكتب العليا.png');
  });

  it('keeps at most 200 characters, or 180 before an extension it puts in place of the sent one', () => {
    expect(cleanFileName('a'.repeat(300), { fallback: 'x' })).toHaveLength(200);
    expect(cleanFileName('report.exe', { fallback: 'file', extension: 'pdf' })).toBe('report.pdf');
    expect(cleanFileName(`${'b'.repeat(300)}.png`, { fallback: 'file', extension: 'webp' })).toBe(
      `${'b'.repeat(180)}.webp`,
    );
    expect(cleanFileName('.hidden', { fallback: 'file', extension: 'txt' })).toBe('file.txt');
  });
});
