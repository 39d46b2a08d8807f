/**
 * The profile caches' keys, apart from the modules that fetch them (and load the contract's schemas to
 * read them): the follow button, on pages that show no profile, updates these caches without loading zod.
 */
export const ownProfileKey = ['user', 'me', 'profile'] as const;
export const userProfileKey = (id: number) => ['profiles', id] as const;
