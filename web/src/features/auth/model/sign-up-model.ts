import type { Language } from '@/lib/i18n/language';
import type { TFunction } from 'i18next';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { CompanyAccountCreate, DriverAccountCreate } from '../api/account-create-api';
import { credentialsSchema, driverCardSchema, driverInfoSchema, ownerInfoSchema } from './schemas';

/** Sign-up choices (docs/product.md §2.5). */
export type SignUpRole = 'company_owner' | 'company_driver';
export type SignUpStep = 'credentials' | 'card' | 'personal';

/** Owner: 2 steps; driver: 3 steps. */
export const STEPS: Record<SignUpRole, readonly SignUpStep[]> = {
  company_owner: ['credentials', 'personal'],
  company_driver: ['credentials', 'card', 'personal'],
};

/** Every field of the wizard (docs/product.md §3 "Sign-up form fields"); each step validates its own. */
export interface SignUpValues {
  email: string;
  password: string;
  passwordConfirm: string;
  companyName: string;
  carrierId: string;
  cardNumber: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  agreeToTerms: boolean;
}

export const EMPTY_SIGN_UP: SignUpValues = {
  email: '',
  password: '',
  passwordConfirm: '',
  companyName: '',
  carrierId: '',
  cardNumber: '',
  phoneNumber: '',
  firstName: '',
  lastName: '',
  agreeToTerms: false,
};

export function stepSchema(role: SignUpRole, step: SignUpStep, t: TFunction): z.ZodType<FieldValues, FieldValues> {
  if (step === 'credentials') return credentialsSchema(t);
  if (step === 'card') return driverCardSchema(t);
  return role === 'company_owner' ? ownerInfoSchema(t) : driverInfoSchema(t);
}

/** The wizard's field of each field the sign-up API may refuse (the API's `username` is the email). */
const SERVER_FIELDS: Record<string, keyof SignUpValues> = {
  username: 'email',
  email: 'email',
  password: 'password',
  companyName: 'companyName',
  carrierId: 'carrierId',
  cardNumber: 'cardNumber',
  phoneNumber: 'phoneNumber',
  firstName: 'firstName',
  lastName: 'lastName',
};

/** Which step of the role's wizard shows a field. */
export function stepOfField(role: SignUpRole, field: keyof SignUpValues): SignUpStep {
  if (field === 'email' || field === 'password' || field === 'passwordConfirm') return 'credentials';
  if (role === 'company_driver' && (field === 'companyName' || field === 'cardNumber')) return 'card';
  return 'personal';
}

/** A sign-up the server refused field by field: the messages by wizard field, and the first step showing one. */
export interface ServerRefusal {
  errors: Partial<Record<keyof SignUpValues, string>>;
  step: SignUpStep;
}

/**
 * Places the server's field errors (API field → message) on the wizard's
 * fields and steps; undefined when one of them has no place in the wizard
 * (then the message goes to the notifier instead).
 */
export function placeServerErrors(role: SignUpRole, fields: Record<string, string>): ServerRefusal | undefined {
  const errors: ServerRefusal['errors'] = {};
  for (const [apiField, message] of Object.entries(fields)) {
    const field = SERVER_FIELDS[apiField];
    if (!field) return undefined;
    errors[field] = errors[field] && errors[field] !== message ? `${errors[field]}, ${message}` : message;
  }
  const placed = STEPS[role].find((step) =>
    Object.keys(errors).some((field) => stepOfField(role, field as keyof SignUpValues) === step),
  );
  return placed ? { errors, step: placed } : undefined;
}

/** The email check runs from the first @ (docs/product.md §4). */
export const emailCheckApplies = (email: string) => email.trim().includes('@');
/** The card check runs from 10 characters (docs/product.md §4). */
export const cardCheckApplies = (cardNumber: string) => cardNumber.trim().length >= 10;

export function ownerPayload(values: SignUpValues): CompanyAccountCreate {
  const email = values.email.trim();
  return {
    username: email,
    password: values.password,
    email,
    companyName: values.companyName.trim(),
    carrierId: Number.parseInt(values.carrierId.trim(), 10),
    phoneNumber: values.phoneNumber.trim(),
  };
}

/** The driver sign-up's body; `language` is the app's at sign-up, which the account keeps. */
export function driverPayload(values: SignUpValues, language?: Language): DriverAccountCreate {
  const email = values.email.trim();
  return {
    username: email,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    password: values.password,
    email,
    companyName: values.companyName.trim(),
    cardNumber: values.cardNumber.trim(),
    phoneNumber: values.phoneNumber.trim(),
    ...(language && { language }),
  };
}
