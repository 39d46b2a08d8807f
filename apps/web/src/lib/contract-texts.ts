import { HTTP_TEXT, type HttpTextStatus, OTHER_HTTP_TEXT, TEXT, type TextKey } from '@makan/contract/texts';

/** `{name}` (the contract's placeholders) written `{{name}}` (i18next's). */
const asI18next = (template: string) => template.replace(/\{(\w+)\}/g, '{{$1}}');

export interface ContractTexts {
  validation: Record<TextKey, string>;
  errors: { http: Record<`${HttpTextStatus}`, string>; httpOther: string };
}

/**
 * The English of the contract's texts (field and server messages, the HTTP catalogue) as i18next keys,
 * built from the contract itself: the contract ships in the first load anyway, so its English is not
 * also written, and shipped, a second time in en.json. Arabic translates the same keys in ar.json.
 */
export function contractTexts(): ContractTexts {
  return {
    validation: Object.fromEntries(
      Object.entries(TEXT).map(([key, text]) => [key, asI18next(text)]),
    ) as Record<TextKey, string>,
    errors: { http: { ...HTTP_TEXT }, httpOther: asI18next(OTHER_HTTP_TEXT) },
  };
}

/** English texts of a locale file with the contract's texts merged in. */
export function withContractTexts<T extends { errors: object }>(english: T): T & ContractTexts {
  const contract = contractTexts();
  return { ...english, validation: contract.validation, errors: { ...english.errors, ...contract.errors } };
}
