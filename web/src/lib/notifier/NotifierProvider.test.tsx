import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { notify } from './notify';
import { NotifierProvider } from './NotifierProvider';

const toasterMounted = vi.fn();
vi.mock('./Toaster', () => ({
  default: function Toaster() {
    toasterMounted();
    return <p>toaster</p>;
  },
}));

describe('NotifierProvider', () => {
  it('loads the toaster (notistack) with the first toast, not with the page', async () => {
    render(
      <NotifierProvider>
        <p>page</p>
      </NotifierProvider>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toasterMounted).not.toHaveBeenCalled();

    act(() => notify.info('Saved'));
    expect(await screen.findByText('toaster')).toBeInTheDocument();
    expect(toasterMounted).toHaveBeenCalled();
  });
});
