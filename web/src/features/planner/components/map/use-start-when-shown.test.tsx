import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStartWhenShown } from './use-start-when-shown';

/** An IntersectionObserver the test drives: `show(true)` puts the observed box on screen. */
class TestObserver {
  static last: TestObserver | null = null;
  constructor(
    private readonly callback: (entries: Partial<IntersectionObserverEntry>[]) => void,
    readonly options?: IntersectionObserverInit,
  ) {
    TestObserver.last = this;
  }
  observe() {}
  disconnect() {}
  show(isIntersecting: boolean) {
    this.callback([{ isIntersecting }]);
  }
}

function Box({ ready }: { ready: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const started = useStartWhenShown(box, ready);
  return <div ref={box} data-testid="box" data-started={started} />;
}

const started = () => screen.getByTestId('box').dataset.started;

describe('useStartWhenShown', () => {
  let idle: (() => void)[];
  beforeEach(() => {
    idle = [];
    vi.stubGlobal('IntersectionObserver', TestObserver);
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts once ready, on screen and after an idle moment, and stays started', () => {
    const { rerender } = render(<Box ready={false} />);
    // Below the first screen (a phone's map under the list): never started.
    act(() => TestObserver.last!.show(false));
    rerender(<Box ready />);
    expect(idle).toHaveLength(0);
    expect(started()).toBe('false');
    // The part of the box under the phone's navigation bar does not count.
    expect(TestObserver.last!.options?.rootMargin).toBe('0px 0px -96px 0px');
    act(() => TestObserver.last!.show(true));
    expect(started()).toBe('false');
    expect(idle).toHaveLength(1);
    act(() => idle[0]!());
    expect(started()).toBe('true');
    rerender(<Box ready={false} />);
    expect(started()).toBe('true');
  });

  it('waits for ready when the box is on screen first', () => {
    const { rerender } = render(<Box ready={false} />);
    act(() => TestObserver.last!.show(true));
    expect(idle).toHaveLength(0);
    rerender(<Box ready />);
    act(() => idle[0]!());
    expect(started()).toBe('true');
  });
});
