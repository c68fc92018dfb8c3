import type { Stripe } from '@stripe/stripe-js';
import { vi } from 'vitest';

/**
 * A stand-in for Stripe.js, handed out by the mocked loadStripeClient(): enough for
 * @stripe/react-stripe-js to mount a CardElement, with the confirm calls as spies.
 */
export function fakeStripe(overrides: Record<string, unknown> = {}) {
  const element = {
    mount: vi.fn(),
    unmount: vi.fn(),
    destroy: vi.fn(),
    on: vi.fn(),
    off: vi.fn(),
    once: vi.fn(),
    update: vi.fn(),
    focus: vi.fn(),
    blur: vi.fn(),
    clear: vi.fn(),
  };
  const elements = { create: vi.fn(() => element), getElement: vi.fn(() => element), update: vi.fn(), fetchUpdates: vi.fn() };
  const stripe = {
    elements: vi.fn(() => elements),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    registerAppInfo: vi.fn(),
    _registerWrapper: vi.fn(),
    confirmCardSetup: vi.fn(async () => ({ setupIntent: { id: 'seti_1', status: 'succeeded' } })),
    collectFinancialConnectionsAccounts: vi.fn(async () => ({ financialConnectionsSession: { accounts: [{ id: 'fca_1' }] } })),
    confirmUsBankAccountSetup: vi.fn(async () => ({ setupIntent: { id: 'seti_2', status: 'processing' } })),
    handleNextAction: vi.fn(async () => ({ paymentIntent: { status: 'succeeded' } })),
    ...overrides,
  };
  return stripe as unknown as Stripe & typeof stripe;
}
