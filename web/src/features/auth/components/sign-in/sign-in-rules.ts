import { errorStatus, serverErrorBody } from '@/lib/api/errors';
import type { Language } from '@/lib/i18n/language';
import { signInServerText, signInTexts } from './sign-in-texts';

export interface SignInValues {
  username: string;
  password: string;
}

export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

/**
 * The sign-in form's rules (docs/product.md §5), as signInSchema in ../../model/schemas.ts
 * states them with zod (sign-in-rules.test.ts keeps both equal): username required (after
 * trimming), password required and at least 3 characters. Plain code: the sign-in page
 * starts without zod.
 */
export function signInErrors({ username, password }: SignInValues, language: Language = 'en'): SignInErrors {
  const { validation } = signInTexts(language);
  const errors: SignInErrors = {};
  if (username.trim().length < 1) errors.username = validation.required;
  if (password.length < 1) errors.password = validation.required;
  else if (password.length < 3) errors.password = validation.minLength3;
  return errors;
}

/** The banner for a failed sign-in (docs/product.md §2.3). */
export function signInFailure(error: unknown, language: Language = 'en'): string {
  const texts = signInTexts(language).signIn;
  const status = errorStatus(error);
  if (status === 401) return texts.errors.wrongCredentials;
  const message = serverErrorBody(error)?.message;
  // A driver whose company declined the request (after a right password only).
  if (status === 403) return typeof message === 'string' ? signInServerText(language, message) : texts.errors.declined;
  if (status === 429) return typeof message === 'string' ? signInServerText(language, message) : texts.errors.tooManyRequests;
  return texts.errors.default;
}
