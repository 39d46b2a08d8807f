import { z } from 'zod';
import { PROPERTY_TYPES } from './property-types.ts';
import { MAX_PREFERRED_LOCATIONS, PURPOSES } from './purposes.ts';
import { TEXT } from './texts.ts';

const purposeField = z.enum(PURPOSES, { error: TEXT.required });
const propertyTypesField = z
  .array(z.enum(PROPERTY_TYPES, { error: TEXT.invalidPropertyType }), { error: TEXT.required })
  .min(1, TEXT.selectPropertyType)
  .max(PROPERTY_TYPES.length)
  .transform((values) => [...new Set(values)]);
const locationsField = z
  .array(z.coerce.number().int().positive(), { error: TEXT.required })
  .min(1, TEXT.selectLocation)
  .max(MAX_PREFERRED_LOCATIONS)
  .transform((values) => [...new Set(values)]);

/** Complete preferences: a purpose, at least one property type and at least one city (spec §4). */
export const preferencesRequest = z.object({
  purpose: purposeField,
  property_types: propertyTypesField,
  preferred_locations: locationsField,
});
export type PreferencesRequest = z.input<typeof preferencesRequest>;

/** Partial answers saved as the user goes, so a reload keeps them. */
export const progressRequest = z.object({
  step: z.coerce.number().int().min(1).max(3),
  purpose: purposeField.optional(),
  property_types: z
    .array(z.enum(PROPERTY_TYPES, { error: TEXT.invalidPropertyType }))
    .max(PROPERTY_TYPES.length)
    .optional(),
  preferred_locations: z.array(z.coerce.number().int().positive()).max(MAX_PREFERRED_LOCATIONS).optional(),
});
export type ProgressRequest = z.input<typeof progressRequest>;

export const preferencesResult = z.object({
  purpose: z.enum(PURPOSES),
  property_types: z.array(z.enum(PROPERTY_TYPES)),
  preferred_locations: z.array(z.number().int()),
});
export type PreferencesResult = z.infer<typeof preferencesResult>;

const option = z.object({ value: z.string(), label_en: z.string(), label_ar: z.string() });
export const questionsResult = z.object({
  steps: z.array(
    z.object({
      step: z.number().int(),
      key: z.enum(['purpose', 'property_types', 'preferred_locations']),
      title_en: z.string(),
      title_ar: z.string(),
      multiple: z.boolean(),
      options: z.array(option),
      /** For locations: where to search the options. */
      search: z.string().optional(),
    }),
  ),
});

export const onboardingStatus = z.object({
  completed: z.boolean(),
  step: z.number().int().min(1).max(3),
  preferences: preferencesResult.nullable(),
  progress: z.object({
    purpose: z.enum(PURPOSES).nullable(),
    property_types: z.array(z.enum(PROPERTY_TYPES)),
    preferred_locations: z.array(z.number().int()),
  }),
});
