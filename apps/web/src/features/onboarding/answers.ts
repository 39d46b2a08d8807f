import {
  type onboardingStatus,
  type PreferencesRequest,
  preferencesRequest,
} from '@makan/contract/onboarding';
import type { PropertyType } from '@makan/contract/property-types';
import type { Purpose } from '@makan/contract/purposes';
import type { z } from 'zod';

export type Step = 1 | 2 | 3;
export const STEPS: readonly Step[] = [1, 2, 3];

/** The answers as the screen holds them while the user goes through the steps. */
export interface Answers {
  purpose: Purpose | null;
  property_types: PropertyType[];
  preferred_locations: number[];
}

export const emptyAnswers: Answers = { purpose: null, property_types: [], preferred_locations: [] };

/** Each step proceeds once its own part is set (spec §4). */
export function stepComplete(step: Step, answers: Answers): boolean {
  if (step === 1) return answers.purpose !== null;
  if (step === 2) return answers.property_types.length > 0;
  return answers.preferred_locations.length > 0;
}

/**
 * Complete only with a purpose, at least one property type and at least one city (spec §4): the
 * contract's own schema decides, the same one the server enforces.
 */
export function completePreferences(answers: Answers): PreferencesRequest | null {
  const parsed = preferencesRequest.safeParse(answers);
  return parsed.success ? parsed.data : null;
}

export function asStep(value: number): Step {
  return value <= 1 ? 1 : value >= 3 ? 3 : 2;
}

/**
 * Where to resume: the saved step, but never past a step whose part is missing (answers may have
 * been saved from another device or an older screen).
 */
export function resumeStep(savedStep: number, answers: Answers): Step {
  const target = asStep(savedStep);
  return STEPS.find((step) => step < target && !stepComplete(step, answers)) ?? target;
}

/** The answers and step to start from, from GET /api/onboarding/status. */
export function startFrom(status: z.infer<typeof onboardingStatus>): { step: Step; answers: Answers } {
  if (status.completed && status.preferences) {
    // Editing saved preferences starts at the beginning, with everything filled in.
    return { step: 1, answers: { ...status.preferences } };
  }
  const answers: Answers = { ...status.progress };
  return { step: resumeStep(status.step, answers), answers };
}
