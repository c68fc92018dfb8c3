import type { TFunction } from 'i18next';
import { z } from 'zod';
import { emailRule, passwordRule, passwordsMustMatch, personNameRule, phoneRule } from '@/lib/forms';

/** True when `email` signs in differently from `currentEmail` (case and spaces aside). */
export const emailChanged = (email: string, currentEmail: string) =>
  email.trim().toLowerCase() !== currentEmail.trim().toLowerCase();

/**
 * Account details; a new sign-in email also needs the current password. The phone number is
 * required of an account that has one (`hasPhone`); a member who joined by invitation has none
 * and may leave it empty (validation.go, AccountUpdate.Validate).
 */
export const accountDetailsSchema = (t: TFunction, currentEmail: string, hasPhone = true) =>
  z
    .object({
      firstName: personNameRule(t, 'firstName'),
      lastName: personNameRule(t, 'lastName'),
      email: emailRule(t),
      phoneNumber: hasPhone ? phoneRule(t, 'AccountUpdate') : z.literal('').or(phoneRule(t, 'AccountUpdate')),
      currentPassword: z.string(),
    })
    .refine((v) => !emailChanged(v.email, currentEmail) || v.currentPassword !== '', {
      path: ['currentPassword'],
      message: t('common:validation.passwordRequired'),
    });

export const changePasswordSchema = (t: TFunction) =>
  z
    .object({
      currentPassword: z.string().min(1, t('common:validation.passwordRequired')),
      newPassword: passwordRule(t),
      newPasswordConfirm: z.string().min(1, t('common:validation.passwordConfirmRequired')),
    })
    .refine(...passwordsMustMatch(t, 'newPassword', 'newPasswordConfirm'));
