import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { apiUrl, driverAccount, server } from '@/test/server';

const session = { token: 't1', refreshToken: 'r1' };

function requestApi(answer: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)),
    http.get(apiUrl('/wex/override-requests'), () => HttpResponse.json({ content: [] })),
    http.post(apiUrl('/wex/override-requests'), async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}

describe("a decline notification's Request override on the driver's dashboard", () => {
  it('sends the request, says so and drops the query', async () => {
    const sent = requestApi(() => HttpResponse.json({ id: 5, status: 'PENDING' }, { status: 201 }));
    const { router } = renderApp('/dashboard?requestOverride=2', { session });

    expect(await screen.findByText('Override requested')).toBeInTheDocument();
    expect(sent).toEqual([{}]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says plainly that a request already waits', async () => {
    requestApi(() => HttpResponse.json({ status: 409, message: 'An override request is already pending' }, { status: 409 }));
    renderApp('/dashboard?requestOverride=2', { session });
    expect(await screen.findByText('A request is already waiting for the owner')).toBeInTheDocument();
  });

  it('says plainly that there is no declined purchase', async () => {
    requestApi(() => HttpResponse.json({ status: 422, message: 'No declined purchase to override' }, { status: 422 }));
    renderApp('/dashboard?requestOverride=2', { session });
    expect(await screen.findByText('There is no declined purchase to ask an override for')).toBeInTheDocument();
  });
});
