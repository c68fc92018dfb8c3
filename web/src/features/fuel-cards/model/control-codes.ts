import type { Schema } from '@/lib/api';

/** A product a card may buy (the contract's one list of product codes). */
export type ProductCode = NonNullable<Schema<'Controls'>['allowedProducts']>[number];

/** A state (or DC) an allowed-states rule names: its 2-letter postal code. */
export type StateCode = NonNullable<Schema<'Controls'>['allowedStates']>[number];

/** A day of the week as the controls name it. */
export type DayCode = NonNullable<Schema<'Controls'>['allowedDays']>[number];

/**
 * The product choices in the order the form lists them: tractor diesel (the default), reefer
 * diesel, DEF, gasoline, other. Each is a code of the contract, and
 * every code of the contract is listed (checked at compile time below).
 */
export const PRODUCT_CODES = ['DSL', 'RFR', 'DEF', 'GAS', 'OTH'] as const satisfies readonly ProductCode[];

/** The day choices, Monday first. */
export const DAY_CODES = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const satisfies readonly DayCode[];

/** Compiles only when the list names every code of the contract's enum. */
export type Covers<Listed, All> = [Exclude<All, Listed>] extends [never] ? true : never;
const productCodesCoverContract: Covers<(typeof PRODUCT_CODES)[number], ProductCode> = true;
const dayCodesCoverContract: Covers<(typeof DAY_CODES)[number], DayCode> = true;
void productCodesCoverContract;
void dayCodesCoverContract;
