import type { TFunction } from 'i18next';
import { z } from 'zod';
import { emailRule, passwordRule, passwordsMustMatch, personNameRule } from '@/lib/forms';
import { OFFICE_ROLES } from '../api/members-api';
import '@/lib/i18n/texts/members';

/** The invite dialog: an address and an office role. */
export const inviteSchema = (t: TFunction) =>
  z.object({
    email: emailRule(t),
    role: z.enum(OFFICE_ROLES, { message: t('members:invite.roleRequired') }),
  });
export type InviteValues = z.infer<ReturnType<typeof inviteSchema>>;
export const INVITE_FIELDS = ['email', 'role'] as const;

/** The invitation page: the new member's names and password (the sign-up rules). */
export const acceptSchema = (t: TFunction) =>
  z
    .object({
      firstName: personNameRule(t, 'firstName'),
      lastName: personNameRule(t, 'lastName'),
      password: passwordRule(t),
      passwordConfirm: z.string().min(1, t('common:validation.passwordConfirmRequired')),
    })
    .refine(...passwordsMustMatch(t, 'password', 'passwordConfirm'));
export type AcceptValues = z.infer<ReturnType<typeof acceptSchema>>;
export const ACCEPT_FIELDS = ['firstName', 'lastName', 'password'] as const;
