import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { i18n } from '@/lib/i18n';
import { BODY_DIGITS } from '@/lib/forms';
import { accountDetailsSchema } from './schemas';

const t = i18n.t.bind(i18n);

/** The account form, with otherwise valid values. */
const forms: [string, z.ZodType, Record<string, unknown>][] = [
  ['account details', accountDetailsSchema(t, 'dan@fleet.test'), { firstName: 'Dan', lastName: 'Driver', email: 'dan@fleet.test', currentPassword: '' }],
];

function phoneError(schema: z.ZodType, values: Record<string, unknown>, phoneNumber: string): string | undefined {
  const result = schema.safeParse({ ...values, phoneNumber });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === 'phoneNumber')?.message;
}

/** `count` digits grouped the way people type them, e.g. "+1 234 567 890…". */
const phoneOf = (count: number) => '+' + Array.from({ length: count }, (_, i) => String((i + 1) % 10)).join('').replace(/(\d{3})(?=\d)/g, '$1 ');

describe('phone number rule (server: validation.go ValidatePhoneNumber, 7 to 15 digits)', () => {
  it('takes its digit bounds from the contract, which are the server’s', () => {
    expect(BODY_DIGITS.AccountUpdate.phoneNumber).toEqual({ minimum: 7, maximum: 15 });
  });

  it.each(forms)('%s refuses a phone longer than the server’s 15 digits', (_name, schema, values) => {
    expect(phoneOf(16).length).toBeLessThanOrEqual(30); // within the length limit: only the digit count refuses it
    expect(phoneError(schema, values, phoneOf(16))).toBe('Please enter a valid phone number');
    expect(phoneError(schema, values, '1234567890123456')).toBe('Please enter a valid phone number');
  });

  it('is required of an account that has one; one without may stay without, and what it enters is checked', () => {
    const values = forms[0]![2];
    expect(phoneError(accountDetailsSchema(t, 'dan@fleet.test'), values, ' ')).toBe('Phone number is required');
    const invited = accountDetailsSchema(t, 'dan@fleet.test', false);
    expect(phoneError(invited, values, '')).toBeUndefined();
    expect(phoneError(invited, values, '555 010')).toBe('Please enter a valid phone number');
    expect(phoneError(invited, values, '555 0100')).toBeUndefined();
  });

  it.each(forms)('%s takes 7 and 15 digits, refuses 6', (_name, schema, values) => {
    expect(phoneError(schema, values, phoneOf(15))).toBeUndefined();
    expect(phoneError(schema, values, '555 0100')).toBeUndefined();
    expect(phoneError(schema, values, '555 010')).toBe('Please enter a valid phone number');
  });
});
