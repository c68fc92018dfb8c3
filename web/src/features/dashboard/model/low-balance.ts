import type { TFunction } from 'i18next';
import { z } from 'zod';
import { BODY_MAXIMUM } from '@/lib/forms/limits';
import '@/lib/i18n/texts/dashboard';

/** The highest threshold the server takes, in dollars (WalletLowBalance in http/openapi.json). */
export const LOW_BALANCE_MAX = BODY_MAXIMUM.WalletLowBalance.threshold;

/** Digits with at most one decimal point: what the field accepts before the range and the cents. */
const DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

/**
 * The low-balance form: a dollar amount, whole cents, 0 to the maximum; left empty, no alert
 * (sent as null).
 */
export const lowBalanceSchema = (t: TFunction) =>
  z.object({
    threshold: z
      .string()
      .trim()
      .superRefine((text, ctx) => {
        const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
        if (text === '') return;
        if (!DECIMAL.test(text)) return fail(t('dashboard:lowBalance.notNumber'));
        if ((text.split('.')[1] ?? '').length > 2) return fail(t('dashboard:lowBalance.cents'));
        if (Number(text) > LOW_BALANCE_MAX) return fail(t('dashboard:lowBalance.range', { max: LOW_BALANCE_MAX.toLocaleString('en-US') }));
      })
      .transform((text): number | null => (text === '' ? null : Number(text))),
  });

/** A threshold as the field shows it: "" for none, "500", "1250.5". */
export const thresholdText = (threshold: number | null): string => (threshold === null ? '' : String(threshold));
