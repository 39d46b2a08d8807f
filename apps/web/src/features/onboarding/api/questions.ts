import { questionsResult } from '@makan/contract/onboarding';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const questionsKey = ['onboarding', 'questions'] as const;

/** GET /api/onboarding/questions: the three steps and their options in both languages (public). */
export async function fetchQuestions({ signal }: { signal?: AbortSignal } = {}) {
  const { data } = await http.request('/onboarding/questions', {
    schema: questionsResult,
    signal,
    toast: 'none',
  });
  return data;
}

export function useQuestions() {
  // The questions change with a release, not during a visit.
  return useQuery({ queryKey: questionsKey, queryFn: fetchQuestions, staleTime: Number.POSITIVE_INFINITY });
}
