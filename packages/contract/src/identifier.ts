/**
 * The sign-in identifier (an email or a phone typed into one box) as stored and compared. Plain
 * functions, no schema: the web's first load (the login form, the stored flow) uses them without
 * loading zod.
 */

/** Arabic-Indic and Eastern Arabic-Indic digits as ASCII, so ٠١٢٣ and ۰۱۲۳ work like 0123. */
export function toAsciiDigits(value: string): string {
  return value
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/** A phone as stored and compared: ASCII digits with an optional leading +, no spaces or punctuation. */
export function normalizePhone(value: string): string {
  const ascii = toAsciiDigits(value).trim();
  const plus = ascii.startsWith('+') ? '+' : '';
  return plus + ascii.replace(/\D/g, '');
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** An email or phone typed into one box: emails contain '@'. */
export function identifierKind(identifier: string): 'email' | 'phone' {
  return identifier.includes('@') ? 'email' : 'phone';
}

export function normalizeIdentifier(identifier: string): string {
  return identifierKind(identifier) === 'email' ? normalizeEmail(identifier) : normalizePhone(identifier);
}
