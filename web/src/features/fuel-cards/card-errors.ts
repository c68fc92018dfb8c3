import { fieldErrors, isFetchBaseQueryError } from '@/lib/api';

/**
 * Per-field messages of a failed card update. The wire shape is `{status, message: {field: [..]}}`
 * (SPEC §3); a bare `{field: [..]}` map (fleet-api.md's example) is accepted too.
 */
export function cardFieldErrors(error: unknown): Record<string, string> | undefined {
  const wrapped = fieldErrors(error);
  if (wrapped) return wrapped;
  if (!isFetchBaseQueryError(error) || typeof error.data !== 'object' || error.data === null) return undefined;
  const entries = Object.entries(error.data as Record<string, unknown>).filter(
    (entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every((item) => typeof item === 'string'),
  );
  return entries.length > 0 ? Object.fromEntries(entries.map(([field, messages]) => [field, messages.join(', ')])) : undefined;
}
