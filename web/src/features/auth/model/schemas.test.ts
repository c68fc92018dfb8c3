import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { i18n } from '@/lib/i18n';
import {
  credentialsSchema,
  driverCardSchema,
  driverInfoSchema,
  forgotPasswordSchema,
  ownerInfoSchema,
  resetPasswordSchema,
  signInSchema,
} from './schemas';

const t = i18n.t.bind(i18n);

/** The first message per field, as the form shows it. */
function firstErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path.join('.');
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

describe('sign-in rules', () => {
  const schema = signInSchema(t);
  it.each([
    ['empty username', { username: '', password: 'secret' }, 'username', 'This field should not be empty'],
    ['empty password', { username: 'a@b.co', password: '' }, 'password', 'This field should not be empty'],
    ['2-character password', { username: 'a@b.co', password: 'ab' }, 'password', "Shouldn't be shorter than 3 characters"],
  ])('%s is refused', (_name, values, field, message) => {
    expect(firstErrors(schema, values)[field]).toBe(message);
  });
  it('accepts a 3-character password', () => {
    expect(firstErrors(schema, { username: 'x', password: 'abc' })).toEqual({});
  });
});

describe('forgot password rules', () => {
  it.each([
    ['', 'Email is required'],
    ['not-an-email', 'Please enter a valid email address'],
  ])('%j → %s', (email, message) => {
    expect(firstErrors(forgotPasswordSchema(t), { email }).email).toBe(message);
  });
});

describe('password reset rules', () => {
  const schema = resetPasswordSchema(t);
  const valid = { email: 'driver@demo.test', otpCode: '123456', password: 'NewPass1!', passwordConfirm: 'NewPass1!' };
  it('accepts a valid reset', () => {
    expect(firstErrors(schema, valid)).toEqual({});
  });
  it.each([
    ['empty password', { password: '' }, 'password', 'This field should not be empty'],
    ['7 characters', { password: 'Abc12!x' }, 'password', 'Password must be at least 8 characters'],
    ['33 characters', { password: `A1!${'x'.repeat(30)}` }, 'password', 'Password must not exceed 32 characters'],
    ['no digit', { password: 'Abcdefg!' }, 'password', 'At least one character and one number are required'],
    ['no letter', { password: '1234567!' }, 'password', 'At least one character and one number are required'],
    ['no non-word character', { password: 'Abcdefg1' }, 'password', 'At least one character and one number are required'],
    ['empty confirmation', { passwordConfirm: '' }, 'passwordConfirm', 'This field should not be empty'],
    ['different confirmation', { passwordConfirm: 'Other123!' }, 'passwordConfirm', 'Passwords must match'],
    ['bad code', { otpCode: '12ab' }, 'otpCode', 'Enter the 6-digit code from the email'],
  ])('%s is refused', (_name, change, field, message) => {
    expect(firstErrors(schema, { ...valid, ...change })[field]).toBe(message);
  });
  it('says the passwords must match even while another field is invalid', () => {
    expect(firstErrors(schema, { ...valid, otpCode: '', passwordConfirm: 'Other123!' }).passwordConfirm).toBe(
      'Passwords must match',
    );
  });
});

describe('sign-up credentials rules', () => {
  const schema = credentialsSchema(t);
  const valid = { email: 'new@fleet.test', password: 'Secret12', passwordConfirm: 'Secret12' };
  it('accepts valid credentials', () => {
    expect(firstErrors(schema, valid)).toEqual({});
  });
  it.each([
    ['empty email', { email: '' }, 'email', 'Email is required'],
    ['malformed email', { email: 'new@fleet' }, 'email', 'Please enter a valid email address'],
    ['empty password', { password: '', passwordConfirm: '' }, 'password', 'Password is required'],
    ['short password', { password: 'Secre12' }, 'password', 'Password must be at least 8 characters'],
    ['long password', { password: `a1${'x'.repeat(31)}` }, 'password', 'Password must not exceed 32 characters'],
    ['letters only', { password: 'Secretpw' }, 'password', 'Password must contain at least one letter and one number'],
    ['digits only', { password: '12345678' }, 'password', 'Password must contain at least one letter and one number'],
    ['empty confirmation', { passwordConfirm: '' }, 'passwordConfirm', 'Please confirm your password'],
    ['different confirmation', { passwordConfirm: 'Secret13' }, 'passwordConfirm', 'Passwords must match'],
  ])('%s is refused', (_name, change, field, message) => {
    expect(firstErrors(schema, { ...valid, ...change })[field]).toBe(message);
  });
});

describe('sign-up owner personal info rules', () => {
  const schema = ownerInfoSchema(t);
  const valid = { companyName: 'Acme Haulage', carrierId: '7654321', phoneNumber: '+1 (407) 555-0100', agreeToTerms: true };
  it('accepts valid owner info', () => {
    expect(firstErrors(schema, valid)).toEqual({});
  });
  it.each([
    ['empty company', { companyName: '' }, 'companyName', 'Company name is required'],
    ['1-character company', { companyName: 'A' }, 'companyName', 'Company name must be at least 2 characters'],
    ['101-character company', { companyName: 'A'.repeat(101) }, 'companyName', 'Company name must not exceed 100 characters'],
    ['empty carrier id', { carrierId: '' }, 'carrierId', 'Carrier ID is required'],
    ['6-digit carrier id', { carrierId: '123456' }, 'carrierId', 'Carrier ID must be exactly 7 digits'],
    ['10-digit carrier id', { carrierId: '1234567890' }, 'carrierId', 'Carrier ID must be exactly 7 digits'],
    ['letters in carrier id', { carrierId: '12345a7' }, 'carrierId', 'Carrier ID must be exactly 7 digits'],
    ['empty phone', { phoneNumber: '' }, 'phoneNumber', 'Phone number is required'],
    ['letters in phone', { phoneNumber: '407-555-CALL' }, 'phoneNumber', 'Please enter a valid phone number'],
    ['plus inside phone', { phoneNumber: '407+5550100' }, 'phoneNumber', 'Please enter a valid phone number'],
    ['terms not accepted', { agreeToTerms: false }, 'agreeToTerms', 'You must agree to the terms and conditions'],
  ])('%s is refused', (_name, change, field, message) => {
    expect(firstErrors(schema, { ...valid, ...change })[field]).toBe(message);
  });
  it.each(['+1 (407) 555-0100', '407 555 0100', '(407)555-0100', '+44 20 7946 0958'])('accepts phone %s', (phoneNumber) => {
    expect(firstErrors(schema, { ...valid, phoneNumber })).toEqual({});
  });
});

describe('sign-up driver rules', () => {
  it.each([
    [{ companyName: 'Acme', cardNumber: '' }, 'cardNumber', 'Card number is required'],
    [{ companyName: 'Acme', cardNumber: '7071000000000000' }, 'cardNumber', 'Card number must be exactly 19 digits'],
    [{ companyName: 'Acme', cardNumber: '70710000000000000211' }, 'cardNumber', 'Card number must be exactly 19 digits'],
    [{ companyName: '', cardNumber: '7071000000000000021' }, 'companyName', 'Company name is required'],
  ])('card step %j → %s', (values, field, message) => {
    expect(firstErrors(driverCardSchema(t), values)[field]).toBe(message);
  });
  it('accepts a 19-digit card', () => {
    expect(firstErrors(driverCardSchema(t), { companyName: 'Acme', cardNumber: '7071000000000000021' })).toEqual({});
  });

  const valid = { firstName: 'Dan', lastName: 'Driver', phoneNumber: '4075550100', agreeToTerms: true };
  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ firstName: 'D' }, 'firstName', 'First name must be at least 2 characters'],
    [{ firstName: 'D'.repeat(51) }, 'firstName', 'First name must not exceed 50 characters'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ lastName: 'D' }, 'lastName', 'Last name must be at least 2 characters'],
    [{ lastName: 'D'.repeat(51) }, 'lastName', 'Last name must not exceed 50 characters'],
    [{ phoneNumber: '' }, 'phoneNumber', 'Phone number is required'],
    [{ agreeToTerms: false }, 'agreeToTerms', 'You must agree to the terms and conditions'],
  ])('personal step %j → %s', (change, field, message) => {
    expect(firstErrors(driverInfoSchema(t), { ...valid, ...change })[field]).toBe(message);
  });
});
