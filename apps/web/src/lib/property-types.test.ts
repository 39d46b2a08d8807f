import { describe, expect, it } from 'vitest';
import { isPropertyType, propertyTypeLabel } from './property-types.ts';

describe('property type labels (spec §3)', () => {
  it('uses the spec labels, in Arabic on the Arabic screen', () => {
    expect(propertyTypeLabel('office', 'en')).toBe('Office Space');
    expect(propertyTypeLabel('hotels', 'en')).toBe('Hotel');
    expect(propertyTypeLabel('others', 'en')).toBe('Other');
    expect(propertyTypeLabel('office', 'ar')).toBe('مساحة مكتبية');
  });

  it('shows a value the contract does not know as it is', () => {
    expect(isPropertyType('castle')).toBe(false);
    expect(propertyTypeLabel('castle', 'ar')).toBe('castle');
  });
});
