import type { preferencesRequest, progressRequest } from '@makan/contract/onboarding';
import {
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPE_LABELS_AR,
  PROPERTY_TYPES,
} from '@makan/contract/property-types';
import { PURPOSE_LABELS, PURPOSE_LABELS_AR, PURPOSES } from '@makan/contract/purposes';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { Invalid } from '../../lib/errors.ts';
import type { CitiesRepository } from '../cities/cities.repository.ts';
import type { ProfilesRepository } from '../profiles/profiles.repository.ts';
import { type ProfilesService, toPreferences } from '../profiles/profiles.service.ts';

const QUESTIONS = {
  steps: [
    {
      step: 1,
      key: 'purpose' as const,
      title_en: 'What would you like to do?',
      title_ar: 'ماذا تريد أن تفعل؟',
      multiple: false,
      options: PURPOSES.map((value) => ({
        value,
        label_en: PURPOSE_LABELS[value],
        label_ar: PURPOSE_LABELS_AR[value],
      })),
    },
    {
      step: 2,
      key: 'property_types' as const,
      title_en: 'Which commercial property types interest you?',
      title_ar: 'ما أنواع العقارات التجارية التي تهمك؟',
      multiple: true,
      options: PROPERTY_TYPES.map((value) => ({
        value,
        label_en: PROPERTY_TYPE_LABELS[value],
        label_ar: PROPERTY_TYPE_LABELS_AR[value],
      })),
    },
    {
      step: 3,
      key: 'preferred_locations' as const,
      title_en: 'Where are you looking?',
      title_ar: 'أين تبحث؟',
      multiple: true,
      options: [],
      search: '/api/cities',
    },
  ],
};

const answersSchema = z.object({
  purpose: z.enum(PURPOSES).nullable().catch(null),
  property_types: z.array(z.enum(PROPERTY_TYPES)).catch([]),
  preferred_locations: z.array(z.number().int()).catch([]),
});

type Deps = {
  profiles: ProfilesRepository;
  profileService: ProfilesService;
  cities: CitiesRepository;
  clock: Clock;
};

export function createOnboardingService({ profiles, profileService, cities, clock }: Deps) {
  async function checkCities(ids: number[]) {
    const known = await cities.existingIds(ids);
    if (ids.some((id) => !known.has(id))) throw new Invalid({ preferred_locations: 'unknownCity' });
  }

  return {
    questions: () => QUESTIONS,

    /** Complete only with a purpose, a property type and a city: the schema enforces it, then the cities must exist. */
    async savePreferences(userId: number, input: z.infer<typeof preferencesRequest>) {
      await checkCities(input.preferred_locations);
      return profileService.savePreferences(userId, input);
    },

    async preferences(userId: number) {
      return toPreferences(await profiles.preferences(userId));
    },

    async saveProgress(userId: number, input: z.infer<typeof progressRequest>) {
      const current = answersSchema.parse((await profiles.progress(userId))?.answers ?? {});
      if (input.preferred_locations) await checkCities(input.preferred_locations);
      const answers = {
        purpose: input.purpose ?? current.purpose,
        property_types: input.property_types ? [...new Set(input.property_types)] : current.property_types,
        preferred_locations: input.preferred_locations
          ? [...new Set(input.preferred_locations)]
          : current.preferred_locations,
      };
      await profiles.saveProgress({ userId, step: input.step, answers, updatedAt: clock.now() });
      return this.status(userId);
    },

    async status(userId: number) {
      const [saved, progress] = await Promise.all([profiles.preferences(userId), profiles.progress(userId)]);
      const preferences = toPreferences(saved);
      const answers = answersSchema.parse(progress?.answers ?? {});
      return {
        completed: preferences !== null,
        step: preferences ? 3 : (progress?.step ?? 1),
        preferences,
        progress:
          preferences && !progress
            ? {
                purpose: preferences.purpose,
                property_types: preferences.property_types,
                preferred_locations: preferences.preferred_locations,
              }
            : answers,
      };
    },
  };
}
export type OnboardingService = ReturnType<typeof createOnboardingService>;
