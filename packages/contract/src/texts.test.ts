import { describe, expect, it } from 'vitest';
import { formatText, HTTP_TEXT, httpText, TEXT } from './texts.ts';

describe('texts', () => {
  it('fills parameters and leaves unknown ones visible', () => {
    expect(formatText(TEXT.minLength, { length: 8 })).toBe('Must be at least 8 characters');
    expect(formatText('a {b} {c}', { b: 1 })).toBe('a 1 {c}');
  });
  it('gives the error catalogue text for each status', () => {
    expect(httpText(404)).toBe(HTTP_TEXT[404]);
    expect(httpText(401)).toBe("You're not logged in. Please log in to continue.");
    expect(httpText(418)).toBe(
      'Unexpected issue occurred (Error Code: 418). Please try again or contact support.',
    );
  });
});
