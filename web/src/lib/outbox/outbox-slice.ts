import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut, signInStarted } from '@/lib/auth/actions';

/**
 * What a driver sends that may wait for the network (docs/decisions.md, Offline): an override
 * request and an odometer reading. Each kind's call is in outbox-api.ts.
 */
export type OutboxKind = 'overrideRequest' | 'odometer';

export type OutboxStatus = 'waiting' | 'sending' | 'sent' | 'failed';

export interface OutboxItem {
  /** Random; the item's key in the list. */
  id: string;
  kind: OutboxKind;
  body: Record<string, unknown>;
  /** The user who made it (the access token's sub claim): another user's items never send. */
  userId: string;
  /** When the driver made it (ms since 1970). */
  createdAt: number;
  status: OutboxStatus;
  /** Why the server refused it (failed). */
  error?: string;
}

export interface OutboxState {
  items: OutboxItem[];
}

/** The local storage key the items are kept under; sign-in and sign-out clear local storage. */
export const OUTBOX_STORAGE_KEY = 'outbox';

/** At most this many items are kept: the oldest sent or failed go first. */
export const OUTBOX_MAX_ITEMS = 20;

/** Sent and failed items are forgotten a day after they were made. */
export const OUTBOX_KEEP_MS = 24 * 60 * 60 * 1000;

function isItem(value: unknown): value is OutboxItem {
  const item = value as Partial<OutboxItem> | null;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.id === 'string' &&
    (item.kind === 'overrideRequest' || item.kind === 'odometer') &&
    typeof item.body === 'object' &&
    item.body !== null &&
    typeof item.userId === 'string' &&
    typeof item.createdAt === 'number' &&
    ['waiting', 'sending', 'sent', 'failed'].includes(item.status as string)
  );
}

/**
 * The items kept in local storage, as a reload finds them: one that was being sent waits again
 * (the server's answer never came), old sent and failed ones are dropped.
 */
export function readStoredOutbox(now: number = Date.now()): OutboxState {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(OUTBOX_STORAGE_KEY) ?? '[]');
    const items = (Array.isArray(parsed) ? parsed : [])
      .filter(isItem)
      .filter((item) => item.status === 'waiting' || item.status === 'sending' || now - item.createdAt < OUTBOX_KEEP_MS)
      .map((item) => (item.status === 'sending' ? { ...item, status: 'waiting' as const } : item));
    return { items };
  } catch {
    return { items: [] };
  }
}

export function storeOutbox(state: OutboxState): void {
  if (state.items.length) localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify(state.items));
  else localStorage.removeItem(OUTBOX_STORAGE_KEY);
}

function item(state: OutboxState, id: string): OutboxItem | undefined {
  return state.items.find((candidate) => candidate.id === id);
}

export const outboxSlice = createSlice({
  name: 'outbox',
  initialState: () => (typeof localStorage === 'undefined' ? { items: [] } : readStoredOutbox()),
  reducers: {
    queued(state, action: PayloadAction<OutboxItem>) {
      state.items.push(action.payload);
      while (state.items.length > OUTBOX_MAX_ITEMS) {
        const done = state.items.findIndex((candidate) => candidate.status === 'sent' || candidate.status === 'failed');
        state.items.splice(done >= 0 ? done : 0, 1);
      }
    },
    sendStarted(state, action: PayloadAction<string>) {
      const found = item(state, action.payload);
      if (found) found.status = 'sending';
    },
    sendWaits(state, action: PayloadAction<string>) {
      const found = item(state, action.payload);
      if (found) found.status = 'waiting';
    },
    sendSucceeded(state, action: PayloadAction<string>) {
      const found = item(state, action.payload);
      if (found) found.status = 'sent';
    },
    sendFailed(state, action: PayloadAction<{ id: string; error: string }>) {
      const found = item(state, action.payload.id);
      if (found) Object.assign(found, { status: 'failed', error: action.payload.error });
    },
    dismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((candidate) => candidate.id !== action.payload);
    },
  },
  extraReducers: (builder) => {
    // A sign-in starts from nothing, as it clears local storage: another user's items never show.
    builder.addCase(signedOut, () => ({ items: [] })).addCase(signInStarted, () => ({ items: [] }));
  },
  selectors: {
    selectOutboxItems: (state) => state.items,
  },
});

export const { queued, sendStarted, sendWaits, sendSucceeded, sendFailed, dismissed } = outboxSlice.actions;
export const { selectOutboxItems } = outboxSlice.selectors;
