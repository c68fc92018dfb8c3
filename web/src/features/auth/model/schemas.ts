import type { TFunction } from 'i18next';
import { z } from 'zod';
import {
  BODY_MAX_LENGTH,
  emailRule,
  passwordRule,
  passwordsMustMatch,
  personNameRule,
  phoneRule,
  resetPasswordRule,
  TEXT_PATTERN,
} from '@/lib/forms';

/** Sign-in (docs/product.md §5): username required; password required, at least 3 characters. */
export const signInSchema = (t: TFunction) =>
  z.object({
    username: z.string().trim().min(1, t('common:validation.required')),
    password: z.string().min(1, t('common:validation.required')).min(3, t('common:validation.minLength3')),
  });

export const forgotPasswordSchema = (t: TFunction) => z.object({ email: emailRule(t) });

/** Password reset (docs/product.md §5 + docs/decisions.md: the confirmation must match). */
export const resetPasswordSchema = (t: TFunction) =>
  z
    .object({
      email: emailRule(t),
      otpCode: z.string().trim().regex(/^\d{6}$/, t('auth:validation.otpCode')),
      password: resetPasswordRule(t),
      passwordConfirm: resetPasswordRule(t),
    })
    .refine(...passwordsMustMatch(t, 'password', 'passwordConfirm'));

/** Sign-up, credentials step. */
export const credentialsSchema = (t: TFunction) =>
  z
    .object({
      email: emailRule(t),
      password: passwordRule(t),
      passwordConfirm: z.string().min(1, t('common:validation.passwordConfirmRequired')),
    })
    .refine(...passwordsMustMatch(t, 'password', 'passwordConfirm'));

const companyNameRule = (t: TFunction) =>
  z
    .string()
    .trim()
    .min(1, t('auth:validation.companyNameRequired'))
    .min(2, t('auth:validation.companyNameMin'))
    .max(BODY_MAX_LENGTH.DriverSignUp.companyName, t('auth:validation.companyNameMax'))
    .regex(TEXT_PATTERN, t('common:validation.invalidCharacters'));

const agreeToTermsRule = (t: TFunction) =>
  z.boolean().refine((agreed) => agreed, t('auth:validation.termsRequired'));

/** A fleet card number: all its digits (the contract's length). */
export const CARD_NUMBER_LENGTH = BODY_MAX_LENGTH.DriverSignUp.cardNumber;
export const CARRIER_ID_LENGTH = 7;

/** Owner personal info step: company name, 7-digit carrier id, phone, terms. */
export const ownerInfoSchema = (t: TFunction) =>
  z.object({
    companyName: companyNameRule(t),
    carrierId: z
      .string()
      .trim()
      .min(1, t('auth:validation.carrierIdRequired'))
      .regex(new RegExp(`^\\d{${CARRIER_ID_LENGTH}}$`), t('auth:validation.carrierIdDigits')),
    phoneNumber: phoneRule(t, 'OwnerSignUp'),
    agreeToTerms: agreeToTermsRule(t),
  });

/** Driver card step: company name and the 19-digit fleet card number. */
export const driverCardSchema = (t: TFunction) =>
  z.object({
    companyName: companyNameRule(t),
    cardNumber: z
      .string()
      .trim()
      .min(1, t('auth:validation.cardNumberRequired'))
      .regex(new RegExp(`^\\d{${CARD_NUMBER_LENGTH}}$`), t('auth:validation.cardNumberDigits')),
  });

/** Driver personal info step. */
export const driverInfoSchema = (t: TFunction) =>
  z.object({
    firstName: personNameRule(t, 'firstName'),
    lastName: personNameRule(t, 'lastName'),
    phoneNumber: phoneRule(t, 'DriverSignUp'),
    agreeToTerms: agreeToTermsRule(t),
  });
