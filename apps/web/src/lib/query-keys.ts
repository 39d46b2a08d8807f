/**
 * Query keys more than one feature touches. Lists of people (companies, suggestions) all start with
 * `profileListsKey`, so a follow made anywhere can update every row of that person in every list.
 */
export const profileListsKey = ['profiles-list'] as const;
