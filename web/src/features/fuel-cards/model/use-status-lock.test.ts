import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATUS_LOCK_MS, useStatusLock } from './use-status-lock';

describe('useStatusLock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps a card locked while updating and for 1 s after the update', () => {
    const { result } = renderHook(() => useStatusLock());
    act(() => result.current.lock('A', 'deactivating'));
    expect(result.current.locks).toEqual({ A: 'deactivating' });

    act(() => result.current.releaseLater('A'));
    act(() => vi.advanceTimersByTime(STATUS_LOCK_MS - 1));
    expect(result.current.locks).toEqual({ A: 'deactivating' });
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.locks).toEqual({});
  });

  it('locks cards independently, and a new update restarts the lock', () => {
    const { result } = renderHook(() => useStatusLock());
    act(() => {
      result.current.lock('A', 'deactivating');
      result.current.lock('B', 'activating');
      result.current.releaseLater('A');
    });
    act(() => vi.advanceTimersByTime(STATUS_LOCK_MS / 2));
    act(() => result.current.lock('A', 'activating'));
    act(() => vi.advanceTimersByTime(STATUS_LOCK_MS));
    expect(result.current.locks).toEqual({ A: 'activating', B: 'activating' });
  });
});
