import { useCallback, useEffect, useRef, useState } from 'react';

/** Server validity of one field value (docs/product.md §4): unknown, loading, valid, invalid. */
export type ServerCheckStatus = 'unknown' | 'loading' | 'valid' | 'invalid';

export interface ServerCheckResult {
  status: Exclude<ServerCheckStatus, 'loading'>;
  message?: string;
}

export interface ServerCheck {
  status: ServerCheckStatus;
  message?: string;
  /** Resolves once the check of the current value has finished (at once when none runs). */
  settle: () => Promise<ServerCheckStatus>;
}

export const SERVER_CHECK_DEBOUNCE_MS = 400;

/**
 * Checks `value` against the server while the user types: only when `applies(value)`,
 * debounced, and only the answer for the latest value counts.
 */
export function useServerCheck(
  value: string,
  applies: (value: string) => boolean,
  check: (value: string) => Promise<ServerCheckResult>,
  debounceMs: number = SERVER_CHECK_DEBOUNCE_MS,
): ServerCheck {
  const [state, setState] = useState<{ value: string; status: ServerCheckStatus; message?: string }>({
    value: '',
    status: 'unknown',
  });
  const pending = useRef<Promise<ServerCheckStatus> | null>(null);
  const latestValue = useRef(value);
  const checkRef = useRef(check);
  const appliesRef = useRef(applies);
  useEffect(() => {
    checkRef.current = check;
    appliesRef.current = applies;
  });

  useEffect(() => {
    latestValue.current = value;
    if (!appliesRef.current(value)) {
      pending.current = null;
      setState({ value, status: 'unknown' });
      return undefined;
    }
    setState({ value, status: 'loading' });
    let release: (status: ServerCheckStatus) => void = () => {};
    const done = new Promise<ServerCheckStatus>((resolve) => {
      release = resolve;
    });
    pending.current = done;
    const timer = window.setTimeout(() => {
      checkRef
        .current(value)
        .catch((): ServerCheckResult => ({ status: 'unknown' }))
        .then((result) => {
          if (latestValue.current === value) setState({ value, ...result });
          release(result.status);
        });
    }, debounceMs);
    return () => {
      window.clearTimeout(timer);
      release('unknown');
    };
  }, [value, debounceMs]);

  const settle = useCallback(async () => {
    if (state.status !== 'loading' || !pending.current) return state.status;
    return pending.current;
  }, [state.status]);

  const current = state.value === value ? state : { status: 'unknown' as const };
  return { status: current.status, message: 'message' in current ? current.message : undefined, settle };
}
