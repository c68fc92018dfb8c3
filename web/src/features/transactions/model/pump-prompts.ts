import type { TFunction } from 'i18next';
import type { DeclineCode, DriverCard } from '../api/transactions-api';

export type PumpPrompts = DriverCard['prompts'];

/** The decline codes of a wrong or missing pump prompt: the driver retypes, no override needed. */
export const promptDeclines: readonly DeclineCode[] = ['DRIVER_ID_INVALID', 'UNIT_NUMBER_INVALID', 'ODOMETER_INVALID'];

export function isPromptDecline(code: DeclineCode | null | undefined): boolean {
  return code !== null && code !== undefined && promptDeclines.includes(code);
}

/** What the pump asks on the card, one line each, with the value to type ([] when it asks nothing). */
export function promptLines(t: TFunction<'transactions'>, prompts: PumpPrompts): { label: string; value: string }[] {
  const lines: { label: string; value: string }[] = [];
  if (prompts.driverId) lines.push({ label: t('prompts.driverId'), value: prompts.driverId });
  if (prompts.unitNumber) lines.push({ label: t('prompts.unitNumber'), value: prompts.unitNumber });
  if (prompts.odometer) lines.push({ label: t('prompts.odometer'), value: t('prompts.odometerValue') });
  return lines;
}
