/** Property types of spec §3, with their English labels (the web translates by value). */
export const PROPERTY_TYPES = [
  'office',
  'retail',
  'restaurant',
  'warehouse',
  'industrial',
  'medical',
  'hotels',
  'coworking',
  'land',
  'others',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  office: 'Office Space',
  retail: 'Retail Space',
  restaurant: 'Restaurant',
  warehouse: 'Warehouse',
  industrial: 'Industrial',
  medical: 'Medical Facility',
  hotels: 'Hotel',
  coworking: 'Coworking Space',
  land: 'Land',
  others: 'Other',
};

/** Arabic labels, indexed by post search so an Arabic query finds a type by its name. */
export const PROPERTY_TYPE_LABELS_AR: Record<PropertyType, string> = {
  office: 'مساحة مكتبية',
  retail: 'مساحة تجارية',
  restaurant: 'مطعم',
  warehouse: 'مستودع',
  industrial: 'صناعي',
  medical: 'منشأة طبية',
  hotels: 'فندق',
  coworking: 'مساحة عمل مشتركة',
  land: 'أرض',
  others: 'أخرى',
};
