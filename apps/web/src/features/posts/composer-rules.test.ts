import * as contract from '@makan/contract/posts';
import { describe, expect, it } from 'vitest';
import { checkComposer, emptyComposer } from './composer-rules.ts';

const valid = {
  ...emptyComposer,
  description: 'Office in Olaya',
  property_type: 'office',
  location: 'Olaya',
};

describe('composer rules (spec §5 create post)', () => {
  it('accepts a description with a type and a free-text location', () => {
    const check = checkComposer(contract, valid, 0);
    expect(check).toEqual({
      ok: true,
      fields: { description: 'Office in Olaya', property_type: 'office', location: 'Olaya' },
    });
  });

  it('needs a description or photos', () => {
    const check = checkComposer(contract, { ...valid, description: '   ' }, 0);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.errors.content).toEqual({ code: 'postContentRequired' });
    expect(checkComposer(contract, { ...valid, description: '' }, 2).ok).toBe(true);
  });

  it('requires the property type and the location', () => {
    const check = checkComposer(contract, { ...emptyComposer, description: 'x' }, 0);
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.errors.property_type).toEqual({ code: 'required' });
      expect(check.errors.location).toEqual({ code: 'required' });
    }
  });

  it('sends a chosen city as location_id, not as text', () => {
    const check = checkComposer(contract, { ...valid, location: 'Riyadh', location_id: '3' }, 0);
    expect(check.ok && check.fields).toMatchObject({ location_id: 3 });
    expect(check.ok && check.fields.location).toBeUndefined();
  });

  it('checks the listing fields: a price needs its currency, numbers must be positive', () => {
    const noCurrency = checkComposer(contract, { ...valid, price: '1500000' }, 0);
    expect(!noCurrency.ok && noCurrency.errors.currency).toEqual({ code: 'priceNeedsCurrency' });
    const negative = checkComposer(contract, { ...valid, area_m2: '-4' }, 0);
    expect(!negative.ok && negative.errors.area_m2).toEqual({ code: 'invalidNumber' });
    const full = checkComposer(
      contract,
      { ...valid, price: '1500000', currency: 'SAR', purpose: 'sale', status: 'available' },
      0,
    );
    expect(full.ok && full.fields).toMatchObject({ price: 1500000, currency: 'SAR', purpose: 'sale' });
  });

  it('limits the description to 1000 characters', () => {
    const check = checkComposer(contract, { ...valid, description: 'a'.repeat(1001) }, 0);
    expect(!check.ok && check.errors.description).toEqual({ code: 'maxLength', params: { length: 1000 } });
  });
});
