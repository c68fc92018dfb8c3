import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';

const session = { token: 't1', refreshToken: 'r1' };

/** The owner's decide endpoints, answering `answer` (the decided request unless told otherwise). */
function decideApi(answer: (decision: string) => Response = () => HttpResponse.json(decided('APPROVED'))) {
  const calls: string[] = [];
  server.use(
    http.get(apiUrl('/wex/company/override-requests'), () => HttpResponse.json({ content: [] })),
    http.post(apiUrl('/wex/company/override-requests/:id/:decision'), async ({ params, request }) => {
      const body = await request.text();
      calls.push(`${String(params.decision).toUpperCase()} ${String(params.id)} ${body}`);
      return answer(String(params.decision));
    }),
  );
  return calls;
}

function decided(status: 'APPROVED' | 'DENIED') {
  return {
    id: 9,
    status,
    cardNumber: '7071000000000000011',
    driverName: 'Sam Carter',
    transactionId: 2,
    declineCode: 'DAILY_LIMIT',
    declineReason: 'Over the daily limit',
    message: '',
    createdAt: '2026-11-24T15:00:00Z',
    decidedAt: '2026-11-24T15:10:00Z',
    overrideUntil: status === 'APPROVED' ? '2026-11-24T17:10:00Z' : null,
  };
}

describe("a notification's Grant / Deny on the owner's dashboard", () => {
  it('grants the request for 2 hours, says so and drops the query', async () => {
    const calls = decideApi();
    const { router } = renderApp('/dashboard?overrideRequest=9&decision=grant', { session });

    expect(await screen.findByText("Sam Carter's card is unlocked for 2 hours")).toBeInTheDocument();
    expect(calls).toEqual(['APPROVE 9 {"hours":2}']);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('denies the request', async () => {
    const calls = decideApi(() => HttpResponse.json(decided('DENIED')));
    renderApp('/dashboard?overrideRequest=9&decision=deny', { session });

    expect(await screen.findByText("Sam Carter's request was denied")).toBeInTheDocument();
    expect(calls).toEqual(['DENY 9 {}']);
  });

  it('says plainly that a request was already answered', async () => {
    decideApi(() => HttpResponse.json({ status: 409, message: 'The override request was already decided' }, { status: 409 }));
    renderApp('/dashboard?overrideRequest=9&decision=grant', { session });
    expect(await screen.findByText('This request was already answered')).toBeInTheDocument();
  });

  it("says plainly that another company's request is not the owner's", async () => {
    decideApi(() => HttpResponse.json({ status: 404, message: 'Override request not found' }, { status: 404 }));
    renderApp('/dashboard?overrideRequest=9&decision=deny', { session });
    expect(await screen.findByText("This override request is not one of your company's")).toBeInTheDocument();
  });

  it('ignores a malformed query and drops it', async () => {
    const calls = decideApi();
    const { router } = renderApp('/dashboard?overrideRequest=abc&decision=grant', { session });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls).toEqual([]);
  });
});
