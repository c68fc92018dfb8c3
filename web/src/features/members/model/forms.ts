import type { TFunction } from 'i18next';
import { z } from 'zod';
import { emailRule, passwordRule, passwordsMustMatch, personNameRule } from '@/lib/forms';
import { OFFICE_ROLES } from '../api/members-api';
import '@/lib/i18n/texts/members';

/** The invite dialog: an address, an office role and a group ('' for the whole company). */
export const inviteSchema = (t: TFunction) =>
  z.object({
    email: emailRule(t),
    role: z.enum(OFFICE_ROLES, { message: t('members:invite.roleRequired') }),
    groupId: z.string(),
  });
export type InviteValues = z.infer<ReturnType<typeof inviteSchema>>;
export const INVITE_FIELDS = ['email', 'role', 'groupId'] as const;

/** A group's name: 1 to 60 characters once trimmed (the server's rule). */
export const groupNameSchema = (t: TFunction) =>
  z.object({
    name: z.string().trim().min(1, t('members:groups.nameRequired')).max(60, t('members:groups.nameMax', { max: 60 })),
  });
export type GroupNameValues = z.infer<ReturnType<typeof groupNameSchema>>;
export const GROUP_NAME_FIELDS = ['name'] as const;

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
