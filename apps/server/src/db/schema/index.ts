export { cities } from './cities.ts';
export { contactMessages } from './contact.ts';
