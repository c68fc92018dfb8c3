import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessage } from '@/lib/api/errors';
import type { AppThunk } from '@/lib/store';
import { outboxApi } from './outbox-api';
import { queued, sendFailed, sendStarted, sendSucceeded, sendWaits, type OutboxItem, type OutboxKind } from './outbox-slice';

/** The user id (`sub` claim) of an access token, or null. */
export function userOfToken(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const sub: unknown = (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}

/** Whether a failed call never reached a server that answered: the network, a timeout, a gateway. */
export function isUnreachable(error: unknown): boolean {
  const status = (error as Partial<FetchBaseQueryError> | undefined)?.status;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || (typeof status === 'number' && status >= 502 && status <= 504);
}

/**
 * Whether the server already holds what the item asked for: an override request answered "a
 * request is already pending" (409) was sent before, its answer lost on the way back. An
 * odometer reading sent again is the same reading (same miles, same readAt): the server answers
 * it without adding another.
 */
function alreadyHeld(kind: OutboxKind, error: unknown): boolean {
  return kind === 'overrideRequest' && (error as Partial<FetchBaseQueryError> | undefined)?.status === 409;
}

/** The body as sent: an odometer reading carries when it was read, so a resend is the same reading. */
function bodyToSend(kind: OutboxKind, body: Record<string, unknown>, now: number): Record<string, unknown> {
  if (kind !== 'odometer' || typeof body.readAt === 'string') return body;
  return { ...body, readAt: new Date(Math.floor(now / 1000) * 1000).toISOString().replace('.000Z', 'Z') };
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Sends now, or, when the device is offline or the server cannot be reached, keeps the call in
 * the outbox to send when the connection is back. Resolves 'sent' or 'queued'; rejects with the
 * RTK Query error when the server refused it (the caller shows why, as for any call).
 */
export const sendOrQueue =
  (kind: OutboxKind, body: Record<string, unknown>): AppThunk<Promise<'sent' | 'queued'>> =>
  async (dispatch, getState) => {
    const now = Date.now();
    const toSend = bodyToSend(kind, body, now);
    const userId = userOfToken(getState().auth.token);
    const queue = () => {
      if (!userId) return false;
      dispatch(queued({ id: newId(), kind, body: toSend, userId, createdAt: now, status: 'waiting' }));
      return true;
    };
    if (typeof navigator !== 'undefined' && !navigator.onLine && queue()) return 'queued';
    const result = await dispatch(outboxApi.endpoints.sendOutboxItem.initiate({ kind, body: toSend }));
    if (!result.error) return 'sent';
    if (isUnreachable(result.error) && queue()) return 'queued';
    throw result.error;
  };

/**
 * Sends the signed-in user's waiting items, oldest first, one at a time: each ends sent, failed
 * (the server refused it, with its reason) or waiting again (still no connection; the rest wait
 * too). Items of another user are left alone.
 */
export const flushOutbox =
  (fallbackError: string): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const userId = userOfToken(getState().auth.token);
    if (!userId) return;
    const waiting = getState().outbox.items.filter((candidate: OutboxItem) => candidate.status === 'waiting' && candidate.userId === userId);
    for (const item of waiting) {
      dispatch(sendStarted(item.id));
      const result = await dispatch(outboxApi.endpoints.sendOutboxItem.initiate({ kind: item.kind, body: item.body }));
      if (!result.error || alreadyHeld(item.kind, result.error)) {
        dispatch(sendSucceeded(item.id));
      } else if (isUnreachable(result.error)) {
        dispatch(sendWaits(item.id));
        return;
      } else {
        dispatch(sendFailed({ id: item.id, error: errorMessage(result.error, fallbackError) }));
      }
    }
  };
