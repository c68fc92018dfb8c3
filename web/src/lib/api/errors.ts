import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Schema } from './types';

/** The one error shape on the wire (docs/product.md §3): message is a string or a map of field → messages. */
export type ServerError = Schema<'Error'>;

export function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** HTTP status of an RTK Query error, or undefined for network/parse errors. */
export function errorStatus(error: unknown): number | undefined {
  if (isFetchBaseQueryError(error) && typeof error.status === 'number') return error.status;
  return undefined;
}

/** The server's body of an RTK Query error, when it has the wire shape. */
export function serverErrorBody(error: unknown): ServerError | undefined {
  if (!isFetchBaseQueryError(error)) return undefined;
  const data = error.data as unknown;
  if (typeof data === 'object' && data !== null && 'message' in data) return data as ServerError;
  return undefined;
}

let translate: (text: string) => string = (text) => text;

/**
 * How the server's English sentences are shown: src/lib/i18n sets its translator when the app
 * starts (a sentence it has no key for stays English). Until then (the sign-in page before the
 * app) they are shown as they came.
 */
export function setServerTextTranslator(translator: (text: string) => string) {
  translate = translator;
}

/** The server's string message, or the fallback. Field-error maps are joined into one line. */
export function errorMessage(error: unknown, fallback: string): string {
  const body = serverErrorBody(error);
  if (!body?.message) return fallback;
  if (typeof body.message === 'string') return translate(body.message);
  return Object.values(body.message).flat().map(String).map(translate).join(', ') || fallback;
}

/** Field errors from a `{message: {field: [...]}}` body: messages joined by comma, first letter capitalised. */
export function fieldErrors(error: unknown): Record<string, string> | undefined {
  const body = serverErrorBody(error);
  if (!body?.message || typeof body.message === 'string') return undefined;
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(body.message)) {
    const text = (Array.isArray(messages) ? messages : [String(messages)]).map((message) => translate(String(message))).join(', ');
    result[field] = text.charAt(0).toUpperCase() + text.slice(1);
  }
  return result;
}

/** One of the server's messages as a stable code with the values it names (line, column, value…). */
export type MessageCode = Schema<'MessageCode'>;

/** The codes of a field-error body (`codes`: field → its messages as codes), when the server sent them. */
export function fieldCodes(error: unknown): Record<string, MessageCode[]> | undefined {
  const codes = serverErrorBody(error)?.codes;
  return codes && typeof codes === 'object' ? codes : undefined;
}
