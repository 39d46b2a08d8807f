/**
 * Every user-facing text the server and the forms share, in the spec's exact English words.
 * `{name}` marks a parameter; `formatText` fills it. The web app translates these by key
 * (locales `validation.<key>`), so the English here is the only copy.
 */
export const TEXT = {
  required: 'This field is required',
  minLength: 'Must be at least {length} characters',
  maxLength: 'Must be at most {length} characters',
  invalidEmail: 'Please enter a valid email address',
  passwordMin: 'Password must be at least 8 characters',
  passwordsMatch: 'Passwords must match',
  contactFailed: 'Failed to send message. Please try again.',
  contactCheckInput: 'Please check your input and try again.',
  contactFixErrors: 'Please fix the errors below',
  contactSent: 'Thank you! Your message has been sent.',
} as const;

export type TextKey = keyof typeof TEXT;

/** The HTTP error catalogue of spec §8: the message for each status. */
export const HTTP_TEXT = {
  400: 'Oops! Something went wrong with your request. Please check your input and try again.',
  401: "You're not logged in. Please log in to continue.",
  403: "Access denied. You don't have permission to perform this action.",
  404: "The page or resource you're looking for couldn't be found.",
  413: "We couldn't process your request because the data you're trying to send is too large.",
  422: 'Some of your input seems incorrect. Please double-check and try again.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: "We're experiencing some issues on our end. Please try again later.",
} as const;

export type HttpTextStatus = keyof typeof HTTP_TEXT;

export const OTHER_HTTP_TEXT =
  'Unexpected issue occurred (Error Code: {code}). Please try again or contact support.';

export function formatText(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function httpText(status: number): string {
  return status in HTTP_TEXT
    ? HTTP_TEXT[status as HttpTextStatus]
    : formatText(OTHER_HTTP_TEXT, { code: status });
}
