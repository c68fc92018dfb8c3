import type { TFunction } from 'i18next';
import { z } from 'zod';

import { BODY_DIGITS, BODY_FIELD_PATTERN, BODY_MAX_LENGTH, BODY_PATTERN } from './limits';

/**
 * Field rules shared by several screens (docs/product.md §5). Each takes `t` so messages come
 * from src/locales/en-US/common.json. Order matters: the first failing rule is shown.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What every request string must match: no control characters (the contract's pattern). */
export const TEXT_PATTERN = new RegExp(BODY_PATTERN.DriverSignUp.firstName);
const LETTER = /[A-Za-z]/;
const DIGIT = /\d/;
const NON_WORD = /\W/;

export const PASSWORD_MIN = 8;
/** The contract's maximum (http/openapi.json, generated into limits.ts). */
export const PASSWORD_MAX = BODY_MAX_LENGTH.DriverSignUp.password;

export const emailRule = (t: TFunction) =>
  z
    .string()
    .trim()
    .min(1, t('common:validation.emailRequired'))
    .max(BODY_MAX_LENGTH.DriverSignUp.email, t('common:validation.emailInvalid'))
    .regex(EMAIL_PATTERN, t('common:validation.emailInvalid'));

/** Sign-up and change-password rule: 8 to 32 characters with a letter and a digit. */
export const passwordRule = (t: TFunction) =>
  z
    .string()
    .min(1, t('common:validation.passwordRequired'))
    .min(PASSWORD_MIN, t('common:validation.passwordMin'))
    .max(PASSWORD_MAX, t('common:validation.passwordMax'))
    .refine((value) => LETTER.test(value) && DIGIT.test(value), t('common:validation.passwordLetterAndNumber'));

/** Password-reset rule: 8 to 32 characters with a letter, a digit and a non-word character. */
export const resetPasswordRule = (t: TFunction) =>
  z
    .string()
    .min(1, t('common:validation.required'))
    .min(PASSWORD_MIN, t('common:validation.passwordMin'))
    .max(PASSWORD_MAX, t('common:validation.passwordMax'))
    .refine(
      (value) => LETTER.test(value) && DIGIT.test(value) && NON_WORD.test(value),
      t('common:validation.resetPasswordCharacters'),
    );

/** The request bodies that carry a phone number. */
export type PhoneContract = 'OwnerSignUp' | 'DriverSignUp' | 'AccountUpdate';

/**
 * A phone number as `contract`'s body takes it (http/openapi.json, generated into limits.ts):
 * its length, its characters and 7 to 15 digits.
 */
export const phoneRule = (t: TFunction, contract: PhoneContract) => {
  const pattern = new RegExp(BODY_FIELD_PATTERN[contract].phoneNumber);
  const { minimum, maximum } = BODY_DIGITS[contract].phoneNumber;
  return z
    .string()
    .trim()
    .min(1, t('common:validation.phoneRequired'))
    .max(BODY_MAX_LENGTH[contract].phoneNumber, t('common:validation.phoneInvalid'))
    .regex(pattern, t('common:validation.phoneInvalid'))
    .refine((value) => {
      const digits = value.replace(/\D/g, '').length;
      return digits >= minimum && digits <= maximum;
    }, t('common:validation.phoneInvalid'));
};

/** First or last name: 2 to 50 characters. */
export const personNameRule = (t: TFunction, which: 'firstName' | 'lastName') =>
  z
    .string()
    .trim()
    .min(1, t(`common:validation.${which}Required`))
    .min(2, t(`common:validation.${which}Min`))
    .max(BODY_MAX_LENGTH.DriverSignUp[which], t(`common:validation.${which}Max`))
    .regex(TEXT_PATTERN, t('common:validation.invalidCharacters'));

/**
 * Refinement for an object schema: 'Passwords must match' on `confirmField` when it is
 * filled and differs from `passwordField`. Runs even while other fields are invalid.
 * Usage: `z.object({...}).refine(...passwordsMustMatch(t, 'password', 'passwordConfirm'))`.
 */
export function passwordsMustMatch(
  t: TFunction,
  passwordField: string,
  confirmField: string,
): [(values: Record<string, unknown>) => boolean, { path: string[]; message: string; when: () => boolean }] {
  return [
    (values: Record<string, unknown>) => {
      const confirmation = values[confirmField];
      return typeof confirmation !== 'string' || confirmation.length === 0 || confirmation === values[passwordField];
    },
    { path: [confirmField], message: t('common:validation.passwordsMustMatch'), when: () => true },
  ];
}
