import type { TFunction } from 'i18next';
import { z } from 'zod';
import { emailRule, passwordRule, passwordsMustMatch, personNameRule, phoneRule } from '@/lib/forms';

export const accountDetailsSchema = (t: TFunction) =>
  z.object({
    firstName: personNameRule(t, 'firstName'),
    lastName: personNameRule(t, 'lastName'),
    email: emailRule(t),
    phoneNumber: phoneRule(t),
  });

export const changePasswordSchema = (t: TFunction) =>
  z
    .object({
      currentPassword: z.string().min(1, t('common:validation.passwordRequired')),
      newPassword: passwordRule(t),
      newPasswordConfirm: z.string().min(1, t('common:validation.passwordConfirmRequired')),
    })
    .refine(...passwordsMustMatch(t, 'newPassword', 'newPasswordConfirm'));
