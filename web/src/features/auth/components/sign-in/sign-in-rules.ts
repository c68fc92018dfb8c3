import { errorStatus, serverErrorBody } from '@/lib/api/errors';
import { signIn as texts } from '@/locales/en-US/auth.json';
import { validation } from '@/locales/en-US/common.json';

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
export function signInErrors({ username, password }: SignInValues): SignInErrors {
  const errors: SignInErrors = {};
  if (username.trim().length < 1) errors.username = validation.required;
  if (password.length < 1) errors.password = validation.required;
  else if (password.length < 3) errors.password = validation.minLength3;
  return errors;
}

/** The banner for a failed sign-in (docs/product.md §2.3). */
export function signInFailure(error: unknown): string {
  const status = errorStatus(error);
  if (status === 401) return texts.errors.wrongCredentials;
  const message = serverErrorBody(error)?.message;
  // A driver whose company declined the request (after a right password only).
  if (status === 403) return typeof message === 'string' ? message : texts.errors.declined;
  if (status === 429) return typeof message === 'string' ? message : texts.errors.tooManyRequests;
  return texts.errors.default;
}
