import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, server } from '@/test/server';
import { renderApp } from '@/test/render';
import { CardDetailsDialog } from './CardDetailsDialog';

// Stripe.js is replaced at its one loading boundary: here it never reaches Stripe's host.
const stripeLoad = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('@/lib/stripe/stripe-client', () => ({
  STRIPE_LOAD_TIMEOUT_MS: 10,
  loadStripeClient: vi.fn(() => Promise.resolve(stripeLoad.current)),
}));

/** A Stripe.js double whose Issuing Elements write what they were created with. */
function fakeIssuingStripe() {
  const created: { type: string; options: Record<string, unknown> }[] = [];
  const stripe = {
    createEphemeralKeyNonce: vi.fn(() => Promise.resolve({ nonce: 'ephkn_pub_1' })),
    elements: () => ({
      create: (type: string, options: Record<string, unknown>) => {
        created.push({ type, options });
        return {
          mount: (node: HTMLElement) => {
            node.textContent = type === 'issuingCardCopyButton' ? '' : `${type}:${String(options.ephemeralKeySecret)}`;
          },
          destroy: vi.fn(),
        };
      },
    }),
  };
  return { stripe, created };
}

let revealed: unknown = null;

beforeEach(() => {
  revealed = null;
  server.use(
    http.get(apiUrl('/config'), () => HttpResponse.json({ paymentsConfigured: true, stripePublishableKey: 'pk_test_1', mapStyleUrl: '' })),
    http.post(apiUrl('/wex/cards/:number/reveal'), async ({ request }) => {
      revealed = await request.json();
      return HttpResponse.json({ ephemeralKeySecret: 'ek_test_1', issuingCardId: 'ic_1', stripeVersion: '2020-03-02' });
    }),
  );
});

function renderDialog() {
  return renderApp('/card-details-test', {
    session: { token: 't1', refreshToken: 'r1' },
    extraRoutes: [{ path: '/card-details-test', element: <CardDetailsDialog cardNumber="7071000000000004321" issuingCardId="ic_1" onClose={() => {}} /> }],
  });
}

describe('CardDetailsDialog', () => {
  it('shows the number, expiry and CVC through Issuing Elements made with the nonce and the key', async () => {
    const { stripe, created } = fakeIssuingStripe();
    stripeLoad.current = stripe;
    renderDialog();
    expect(await screen.findByText('issuingCardNumberDisplay:ek_test_1')).toBeInTheDocument();
    expect(screen.getByText('issuingCardExpiryDisplay:ek_test_1')).toBeInTheDocument();
    expect(screen.getByText('issuingCardCvcDisplay:ek_test_1')).toBeInTheDocument();
    expect(stripe.createEphemeralKeyNonce).toHaveBeenCalledWith({ issuingCard: 'ic_1' });
    expect(revealed).toEqual({ nonce: 'ephkn_pub_1' });
    expect(created.filter((element) => element.type === 'issuingCardCopyButton').map((element) => element.options.toCopy)).toEqual(['number', 'expiry', 'cvc']);
    expect(screen.getByRole('heading', { name: /phone's wallet/ })).toBeInTheDocument();
  });

  it('says Stripe.js did not load, without crashing, and retries', async () => {
    stripeLoad.current = null;
    renderDialog();
    expect(await screen.findByTestId('card-details-error')).toHaveTextContent(/could not load/);
    expect(revealed).toBeNull();
    const { stripe } = fakeIssuingStripe();
    stripeLoad.current = stripe;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('issuingCardNumberDisplay:ek_test_1')).toBeInTheDocument());
  });
});
