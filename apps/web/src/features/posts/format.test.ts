import { describe, expect, it } from 'vitest';
import { postLocation } from './format.ts';

const riyadh = { id: 1, name_en: 'Riyadh', name_ar: 'الرياض', display_name: 'Riyadh, Saudi Arabia' };

describe('post location display (spec §3)', () => {
  it('shows a city in the language of the page', () => {
    const post = { location: riyadh, custom_location: null, display_location: 'Riyadh' };
    expect(postLocation(post, 'en')).toBe('Riyadh');
    expect(postLocation(post, 'ar')).toBe('الرياض');
  });

  it('shows a free-text location as written, in both languages', () => {
    const post = {
      location: null,
      custom_location: 'King Fahd Road, Al Olaya',
      display_location: 'King Fahd Road, Al Olaya',
    };
    expect(postLocation(post, 'en')).toBe('King Fahd Road, Al Olaya');
    expect(postLocation(post, 'ar')).toBe('King Fahd Road, Al Olaya');
  });

  it('falls back to display_location', () => {
    expect(postLocation({ location: null, custom_location: null, display_location: 'Doha' }, 'ar')).toBe(
      'Doha',
    );
  });
});
