import { fieldErrors } from '@/lib/api';

/** One problem of a refused fleet list: its line, the column (absent: the line as a whole) and the message. */
export interface ImportProblem {
  line: number;
  column?: string;
  message: string;
}

/** The server's field keys of a fleet list: "line 3: vin", or "line 3" for the whole line. */
const KEY = /^line (\d+)(?:: (\w+))?$/;

/**
 * The problems of a refused import, by line then column; undefined when the answer is not a map of
 * line problems (a message about the file as a whole).
 */
export function importProblems(error: unknown): ImportProblem[] | undefined {
  const byField = fieldErrors(error);
  if (!byField) return undefined;
  const problems: ImportProblem[] = [];
  for (const [key, message] of Object.entries(byField)) {
    const match = KEY.exec(key);
    problems.push(match ? { line: Number(match[1]), column: match[2], message } : { line: 0, column: key, message });
  }
  return problems.sort((a, b) => a.line - b.line || (a.column ?? '').localeCompare(b.column ?? ''));
}

/** The fleet list's header, as the server documents it: every column, in this order. */
export const FLEET_LIST_HEADER = 'unitNumber,vin,plate,plateState,fuelType,tankCapacityGallons,iftaQualified,active';
