import dayjs, { type Dayjs } from 'dayjs';
import type { FuelType, IftaMilesCreate, IftaPeriod, IftaReturn } from '../api/ifta-types';

export interface Quarter {
  year: number;
  quarter: number;
}

/** The quarter `now` is in. */
export function quarterOf(now: Dayjs = dayjs()): Quarter {
  return { year: now.year(), quarter: Math.floor(now.month() / 3) + 1 };
}

/** The quarter of a link's ?year=2026&quarter=4, or null when either is missing or out of range. */
export function quarterFromSearch(search: URLSearchParams): Quarter | null {
  const year = Number(search.get('year'));
  const quarter = Number(search.get('quarter'));
  if (!Number.isInteger(year) || year < 2000 || year > 2100 || !Number.isInteger(quarter) || quarter < 1 || quarter > 4) return null;
  return { year, quarter };
}

/** The fuel of a link's ?fuelType=gasoline: diesel unless it names gasoline. */
export const fuelFromSearch = (search: URLSearchParams): FuelType => (search.get('fuelType') === 'gasoline' ? 'gasoline' : 'diesel');

/** The return a page address shows: its ?year&quarter&fuelType, else the current quarter's diesel return. */
export const periodFromSearch = (search: URLSearchParams): IftaPeriod => ({ ...(quarterFromSearch(search) ?? quarterOf()), fuelType: fuelFromSearch(search) });

/** The page's address of a return: ?year=2026&quarter=3&fuelType=diesel. */
export const periodSearch = (p: IftaPeriod): string => new URLSearchParams({ year: String(p.year), quarter: String(p.quarter), fuelType: p.fuelType }).toString();

/** The quarter before q. */
export function previousQuarter({ year, quarter }: Quarter): Quarter {
  return quarter === 1 ? { year: year - 1, quarter: 4 } : { year, quarter: quarter - 1 };
}

/** Years the picker offers: this one and the four before. */
export function yearOptions(now: Dayjs = dayjs()): number[] {
  return Array.from({ length: 5 }, (_, i) => now.year() - i);
}

/** A day inside quarter q for the entry forms' default: today if q is the current quarter, else its last day. */
export function defaultEntryDate(q: Quarter, now: Dayjs = dayjs()): string {
  const current = quarterOf(now);
  if (current.year === q.year && current.quarter === q.quarter) return now.format('YYYY-MM-DD');
  return dayjs(new Date(q.year, q.quarter * 3, 0)).format('YYYY-MM-DD');
}

type Jurisdiction = IftaMilesCreate['jurisdiction'];

/**
 * The 58 IFTA members, as the contract lists them (http/openapi.json, tied to the server's
 * list by a Go test); `satisfies` and the check below keep this list equal to the contract's.
 */
export const IFTA_MEMBERS = [
  'AB', 'AL', 'AR', 'AZ', 'BC', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'IA', 'ID', 'IL', 'IN', 'KS', 'KY', 'LA', 'MA', 'MB',
  'MD', 'ME', 'MI', 'MN', 'MO', 'MS', 'MT', 'NB', 'NC', 'ND', 'NE', 'NH', 'NJ', 'NL', 'NM', 'NS', 'NV', 'NY', 'OH', 'OK',
  'ON', 'OR', 'PA', 'PE', 'QC', 'RI', 'SC', 'SD', 'SK', 'TN', 'TX', 'UT', 'VA', 'VT', 'WA', 'WI', 'WV', 'WY',
] as const satisfies readonly Jurisdiction[];
// Fails to compile when the contract has a member this list lacks.
type Missing = Exclude<Jurisdiction, (typeof IFTA_MEMBERS)[number]>;
export const membersComplete: [Missing] extends [never] ? true : never = true;

/** A rate in dollars a gallon with four decimals, or an em dash when there is none. */
export const formatRate = (rate: number | null) => (rate === null ? '—' : `$${rate.toFixed(4)}`);

/** The rate file's header, as the server documents it (docs/ifta.md, "Rate file"). */
export const RATE_FILE_HEADER = 'year,quarter,jurisdiction,fuelType,rate,surcharge';

/** The server's bound on a rate file upload (ifta.MaxRatesBytes). */
export const MAX_RATE_FILE_BYTES = 1024 * 1024;

type ReturnFacts = Pick<IftaReturn, 'status' | 'closedAt' | 'dueDate' | 'totalMiles' | 'totalGallons' | 'warnings'>;

/**
 * Days a return is late on `today` (a YYYY-MM-DD day): a return with miles or gallons, not closed,
 * whose due date has passed; null otherwise.
 */
export function daysLate(ret: ReturnFacts, today: string = dayjs().format('YYYY-MM-DD')): number | null {
  if (ret.closedAt || (ret.totalMiles === 0 && ret.totalGallons === 0) || today <= ret.dueDate) return null;
  return dayjs(today).diff(dayjs(ret.dueDate), 'day');
}

/** Why a draft return cannot be closed yet: its quarter still runs, or jurisdictions lack a rate; null when it can be. */
export type CloseBlock = { kind: 'quarterOpen' } | { kind: 'missingRate'; jurisdictions: string[] } | null;

export function closeBlock(ret: ReturnFacts): CloseBlock {
  if (ret.status === 'open') return { kind: 'quarterOpen' };
  const missing = ret.warnings.find((w) => w.code === 'missing_rate');
  if (missing) return { kind: 'missingRate', jurisdictions: missing.jurisdictions ?? [] };
  return null;
}
