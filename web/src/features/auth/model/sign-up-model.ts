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

export function driverPayload(values: SignUpValues): DriverAccountCreate {
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
  };
}
