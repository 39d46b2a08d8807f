/** What a member comes for (onboarding's first question), and its labels: without zod, for any page. */

export const PURPOSES = ['buy', 'rent', 'list'] as const;
export type Purpose = (typeof PURPOSES)[number];
export const PURPOSE_LABELS: Record<Purpose, string> = {
  buy: 'Buy property',
  rent: 'Rent property',
  list: 'List property',
};
export const MAX_PREFERRED_LOCATIONS = 20;

/** Arabic labels of the onboarding options; English comes from PURPOSE_LABELS / PROPERTY_TYPE_LABELS. */
export const PURPOSE_LABELS_AR: Record<Purpose, string> = {
  buy: 'شراء عقار',
  rent: 'استئجار عقار',
  list: 'عرض عقار',
};
