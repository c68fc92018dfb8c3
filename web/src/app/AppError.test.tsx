import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, renderWithProviders } from '@/test/render';
import { AppErrorBoundary } from './AppError';

function Broken(): never {
  throw new Error('chunk failed to load');
}

describe('app error', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a page that throws as an error with a reload button, inside the app', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp('/broken', { extraRoutes: [{ path: '/broken', element: <Broken /> }] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('This page could not be shown. Reload it to try again.');
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalled();
  });

  it('catches what throws outside the routes too', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('renders its children while nothing throws', () => {
    render(
      <AppErrorBoundary>
        <p>page</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
  });
});
