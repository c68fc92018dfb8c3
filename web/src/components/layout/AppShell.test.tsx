import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AppShell } from './AppShell';

/** A window whose width the test sets; MUI's useMediaQuery listens to matchMedia. */
function fakeWindowWidth(initial: number) {
  let width = initial;
  const lists = new Set<{ query: string; listeners: Set<(event: MediaQueryListEvent) => void> }>();
  const matches = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
  };
  vi.stubGlobal('matchMedia', (query: string) => {
    const list = { query, listeners: new Set<(event: MediaQueryListEvent) => void>() };
    lists.add(list);
    return {
      media: query,
      get matches() {
        return matches(query);
      },
      addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => list.listeners.add(listener),
      removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => list.listeners.delete(listener),
      addListener: (listener: (event: MediaQueryListEvent) => void) => list.listeners.add(listener),
      removeListener: (listener: (event: MediaQueryListEvent) => void) => list.listeners.delete(listener),
    };
  });
  return (next: number) => {
    width = next;
    for (const list of lists) {
      for (const listener of list.listeners) listener({ matches: matches(list.query), media: list.query } as MediaQueryListEvent);
    }
  };
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      Clicked {count}
    </button>
  );
}

describe('AppShell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the page mounted when the window crosses the phone breakpoint (an open dialog, a typed form survive)', async () => {
    const resize = fakeWindowWidth(1280);
    const { user } = renderWithProviders(
      <MemoryRouter initialEntries={['/dashboard']}>
        <AppShell>
          <Counter />
        </AppShell>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('navigation-drawer')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clicked 0' }));
    await user.click(screen.getByRole('button', { name: 'Clicked 1' }));

    act(() => resize(390));
    expect(screen.queryByTestId('navigation-drawer')).not.toBeInTheDocument();
    expect(screen.getByTestId('navigation-bar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clicked 2' })).toBeInTheDocument();

    act(() => resize(1280));
    expect(screen.getByTestId('navigation-drawer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clicked 2' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('button', { name: 'Clicked 2' }));
  });
});
