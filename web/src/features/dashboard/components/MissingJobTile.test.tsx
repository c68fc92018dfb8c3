import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import type { RoleCode } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { MissingJobTile } from './MissingJobTile';

const renderTile = (role: RoleCode) =>
  renderWithProviders(
    <MemoryRouter>
      <MissingJobTile role={role} />
    </MemoryRouter>,
  );

/** The list answers `total` purchases missing a job; the query it got is kept. */
function answer(path: string, total: number) {
  const seen: URLSearchParams[] = [];
  server.use(
    http.get(apiUrl(path), ({ request }) => {
      seen.push(new URL(request.url).searchParams);
      return HttpResponse.json({ content: [], page: { number: 0, size: 20, totalElements: total, totalPages: Math.ceil(total / 20) } });
    }),
  );
  return seen;
}

describe('Missing job tile', () => {
  it("tells a driver how many of their purchases need a job and links to them, every date", async () => {
    const seen = answer('/wex/transactions', 3);
    renderTile('ROLE_USER');
    const link = await screen.findByRole('link', { name: '3 purchases need a job' });
    expect(link).toHaveAttribute('href', '/transactions?missingJob=true&from=&to=');
    expect(seen[0].get('missingJob')).toBe('true');
  });

  it("shows the office the company's count, linking to the coding page's filter", async () => {
    const seen = answer('/wex/company/transactions', 1);
    renderTile('ROLE_COMPANY');
    const link = await screen.findByRole('link', { name: '1 purchase is missing a job' });
    expect(link).toHaveAttribute('href', '/coding?missingJob=true');
    expect(seen[0].get('missingJob')).toBe('true');
  });

  it('says "or more" where the count stops', async () => {
    answer('/wex/company/transactions', 200);
    renderTile('ROLE_COMPANY');
    expect(await screen.findByTestId('missing-job-count')).toHaveTextContent('200+ purchases are missing a job');
  });

  it('says when no purchase waits for a job', async () => {
    answer('/wex/transactions', 0);
    renderTile('ROLE_USER');
    expect(await screen.findByTestId('missing-job-none')).toHaveTextContent('Every purchase has its job.');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('writes the count in Spanish', async () => {
    answer('/wex/transactions', 2);
    act(() => setLanguage('es'));
    try {
      renderTile('ROLE_USER');
      expect(await screen.findByTestId('missing-job-count')).toHaveTextContent('2 compras necesitan un trabajo');
    } finally {
      act(() => setLanguage('en'));
    }
  });

  it('offers a retry when the count fails to load', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('/wex/company/transactions'), () =>
        ++calls === 1
          ? HttpResponse.json({ status: 500, message: 'x' }, { status: 500 })
          : HttpResponse.json({ content: [], page: { number: 0, size: 20, totalElements: 4, totalPages: 1 } }),
      ),
    );
    const { user } = renderTile('ROLE_COMPANY');
    const error = await screen.findByTestId('load-error');
    expect(error).toHaveTextContent('Could not load the purchases missing a job');
    await user.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('missing-job-count')).toHaveTextContent('4 purchases are missing a job');
  });
});
