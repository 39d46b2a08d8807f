import { describe, expect, it } from 'vitest';
import {
  type Answers,
  completePreferences,
  emptyAnswers,
  resumeStep,
  startFrom,
  stepComplete,
} from './answers.ts';

const full: Answers = { purpose: 'rent', property_types: ['office'], preferred_locations: [1] };

describe('the onboarding rule (spec §4)', () => {
  it('is complete only with a purpose, a property type and a city', () => {
    expect(completePreferences(full)).toEqual(full);
    expect(completePreferences({ ...full, purpose: null })).toBeNull();
    expect(completePreferences({ ...full, property_types: [] })).toBeNull();
    expect(completePreferences({ ...full, preferred_locations: [] })).toBeNull();
    expect(completePreferences(emptyAnswers)).toBeNull();
  });

  it('lets each step proceed once its own part is set', () => {
    expect(stepComplete(1, emptyAnswers)).toBe(false);
    expect(stepComplete(1, { ...emptyAnswers, purpose: 'buy' })).toBe(true);
    expect(stepComplete(2, { ...emptyAnswers, property_types: ['land'] })).toBe(true);
    expect(stepComplete(2, { ...full, property_types: [] })).toBe(false);
    expect(stepComplete(3, { ...full, preferred_locations: [] })).toBe(false);
    expect(stepComplete(3, full)).toBe(true);
  });

  it('resumes at the saved step, but never past a missing part', () => {
    expect(resumeStep(3, full)).toBe(3);
    expect(resumeStep(3, { ...full, property_types: [] })).toBe(2);
    expect(resumeStep(2, { ...full, purpose: null })).toBe(1);
    expect(resumeStep(1, emptyAnswers)).toBe(1);
    expect(resumeStep(9, full)).toBe(3);
  });

  it('starts from the saved progress, or from step 1 when editing saved preferences', () => {
    expect(
      startFrom({
        completed: false,
        step: 2,
        preferences: null,
        progress: { ...full, preferred_locations: [] },
      }),
    ).toEqual({ step: 2, answers: { ...full, preferred_locations: [] } });
    expect(
      startFrom({
        completed: true,
        step: 3,
        preferences: { purpose: 'buy', property_types: ['land'], preferred_locations: [4] },
        progress: full,
      }),
    ).toEqual({ step: 1, answers: { purpose: 'buy', property_types: ['land'], preferred_locations: [4] } });
  });
});
