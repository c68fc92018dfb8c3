import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, fieldErrors, serverErrorBody } from '@/lib/api/errors';

/**
 * Form error handling (docs/product.md §8): an object message becomes per-field errors on the
 * fields the form has (others join the form error); a string message becomes the form
 * error; with no message the fallback is used. Returns the form-level error, if any.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  fallback: string,
): string | undefined {
  const byField = fieldErrors(error);
  if (byField) {
    const unknown: string[] = [];
    for (const [field, message] of Object.entries(byField)) {
      if (fields.includes(field)) setError(field as Path<T>, { type: 'server', message });
      else unknown.push(message);
    }
    return unknown.length > 0 ? unknown.join(', ') : undefined;
  }
  return serverErrorBody(error) ? errorMessage(error, fallback) : fallback;
}
