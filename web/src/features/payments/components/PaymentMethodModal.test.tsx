import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, bookkeeperPermissions, server } from '@/test/server';
import { renderApp } from '@/test/render';
import { fakeStripe } from '../test/fake-stripe';
import { PaymentMethodModal } from './PaymentMethodModal';

// Stripe.js is replaced at its one loading boundary.
const stripeLoad = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('@/lib/stripe/stripe-client', () => ({
  STRIPE_LOAD_TIMEOUT_MS: 10,
  loadStripeClient: vi.fn(() => Promise.resolve(stripeLoad.current)),
}));

const creditCard = { id: 'pm_credit', type: 'card', card: { funding: 'credit', last4: '4242', brand: 'visa' }, isDefault: true };
const debitCard = { id: 'pm_debit', type: 'card', card: { funding: 'debit', last4: '5556', brand: 'mastercard' }, isDefault: false };
const bank = { id: 'pm_bank', type: 'us_bank_account', usBankAccount: { bankName: 'STRIPE TEST BANK', last4: '6789' }, isDefault: false };


const onClose = vi.fn();

function usePayments({ configured = true, methods = [creditCard, debitCard, bank] as unknown[], invoice = false } = {}) {
  server.use(
    http.get(apiUrl('/config'), () =>
      HttpResponse.json({ paymentsConfigured: configured, stripePublishableKey: configured ? 'pk_test_123' : '', mapStyleUrl: '' }),
    ),
    http.get(apiUrl('/wex/company/wallet'), () =>
      HttpResponse.json(invoice ? { balance: -250.5, canAddFunds: false, canPayByInvoice: true } : { balance: 100, canAddFunds: true, canPayByInvoice: false }),
    ),
    http.get(apiUrl('/payments/saved-payment-methods'), () =>
      configured ? HttpResponse.json(methods) : HttpResponse.json({ status: 503, message: 'Payments are not configured' }, { status: 503 }),
    ),
  );
}

function renderModal() {
  return renderApp('/payments-test', {
    session: { token: 't1', refreshToken: 'r1' },
    extraRoutes: [{ path: '/payments-test', element: <PaymentMethodModal open onClose={onClose} /> }],
  });
}

beforeEach(() => {
  onClose.mockReset();
  stripeLoad.current = null; // Stripe.js "cannot load" unless a test says otherwise
});

describe('PaymentMethodModal', () => {
  it('says payments are not configured when the server has no keys, and offers nothing else', async () => {
    usePayments({ configured: false });
    renderModal();
    expect(await screen.findByText('Payments are not configured')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use Selected Method' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Credit Card/)).not.toBeInTheDocument();
  });

  it('lists saved methods in a list of at most 460 px and pays with the selected one without Stripe.js', async () => {
    usePayments();
    let body: unknown;
    let key: string | null = null;
    server.use(
      http.post(apiUrl('/payments/payment-intent'), async ({ request }) => {
        body = await request.json();
        key = request.headers.get('Idempotency-Key');
        return HttpResponse.json({ paymentId: 1, paymentIntentId: 'pi_1', status: 'succeeded', amount: 10000, fee: 190, total: 10190, currency: 'USD', clientSecret: 'pi_1_secret' });
      }),
    );
    const { user } = renderModal();
    const list = await screen.findByRole('list', { name: 'Saved payment methods' });
    expect(within(list).getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(within(list).getByText('STRIPE TEST BANK •••• 6789')).toBeInTheDocument();
    expect(screen.getByTestId('payment-modal-body')).toHaveStyle({ maxHeight: '460px' });

    await user.click(screen.getByRole('button', { name: 'Use Selected Method' }));
    expect(await screen.findByRole('heading', { name: 'Add Funds' })).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount');
    expect(amount).toHaveAttribute('min', '0');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(screen.getByText('Credit card fee 1.9%. Debit card: no fee. Payment provider fees also apply.')).toBeInTheDocument();
    await user.type(amount, '100');
    const summary = screen.getByTestId('payment-summary');
    expect(within(summary).getByText('$1.90')).toBeInTheDocument();
    expect(within(summary).getByText('$101.90')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit Payment' }));
    expect(await screen.findByText('Payment Submitted Successfully!')).toBeInTheDocument();
    expect(body).toEqual({ amount: 10000, currency: 'USD', paymentMethodId: 'pm_credit', paymentMethodType: 'credit_card' });
    expect(key).toMatch(/.{16,}/);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('charges no fee on a debit card and offers CAD', async () => {
    usePayments({ methods: [debitCard] });
    let body: Record<string, unknown> = {};
    server.use(
      http.post(apiUrl('/payments/payment-intent'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ paymentId: 2, paymentIntentId: 'pi_2', status: 'succeeded', amount: 2550, fee: 0, total: 2550, currency: 'CAD', clientSecret: '' });
      }),
    );
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Use Selected Method' }));
    await user.type(screen.getByLabelText('Amount'), '25.5');
    await user.click(screen.getByLabelText('Currency'));
    await user.click(await screen.findByRole('option', { name: 'CAD' }));
    expect(within(screen.getByTestId('payment-summary')).getByText('CA$0.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Payment' }));
    expect(await screen.findByText('Payment Submitted Successfully!')).toBeInTheDocument();
    expect(body).toMatchObject({ amount: 2550, currency: 'CAD', paymentMethodType: 'debit_card' });
  });

  it('titles the form Pay Invoice and proposes the amount owed on invoice contracts', async () => {
    usePayments({ invoice: true });
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Use Selected Method' }));
    expect(await screen.findByRole('heading', { name: 'Pay Invoice' })).toBeInTheDocument();
    expect(screen.getByLabelText('Amount')).toHaveValue(250.5);
  });

  it.each([
    ['an empty amount', '', 'Please enter a valid amount'],
    ['a zero amount', '0', 'Please enter a valid amount'],
  ])('refuses %s', async (_name, typed, message) => {
    usePayments();
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Use Selected Method' }));
    if (typed) await user.type(screen.getByLabelText('Amount'), typed);
    await user.click(screen.getByRole('button', { name: 'Submit Payment' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it.each([
    [404, { status: 404, message: 'Selected payment method not found' }, 'Selected payment method not found'],
    [403, { status: 403, message: 'nope' }, 'Access forbidden - Insufficient permissions'],
    [429, { status: 429, message: 'slow down' }, 'Too many requests - Please try again later'],
    [500, { status: 500, message: 'boom' }, 'Server error - Please try again later'],
    [422, {}, 'Failed to create payment intent. Please try again.'],
  ])('shows the payment intent failure %i as docs/product.md §8 says', async (status, answer, text) => {
    usePayments();
    server.use(http.post(apiUrl('/payments/payment-intent'), () => HttpResponse.json(answer, { status })));
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Use Selected Method' }));
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.click(screen.getByRole('button', { name: 'Submit Payment' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Payment Submitted Successfully!')).not.toBeInTheDocument();
  });

  it.each([
    ['succeeded', 'Payment Submitted Successfully!', /credited as soon as the payment is confirmed/],
    ['processing', 'Payment Submitted Successfully!', /Bank payments take time/],
    ['requires_payment_method', 'Failed to create payment intent. Please try again.', null],
    ['requires_confirmation', 'Failed to create payment intent. Please try again.', null],
    ['canceled', 'Failed to create payment intent. Please try again.', null],
    ['requires_capture', 'Failed to create payment intent. Please try again.', null],
  ])('payment intent status %s shows %s', async (status, text, detail) => {
    usePayments();
    server.use(
      http.post(apiUrl('/payments/payment-intent'), () =>
        HttpResponse.json({ paymentId: 3, paymentIntentId: 'pi_3', status, amount: 1000, fee: 19, total: 1019, currency: 'USD', clientSecret: 'pi_3_secret' }),
      ),
    );
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Use Selected Method' }));
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.click(screen.getByRole('button', { name: 'Submit Payment' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    if (detail) expect(screen.getByText(detail)).toBeInTheDocument();
    else expect(screen.queryByText('Payment Submitted Successfully!')).not.toBeInTheDocument();
  });

  it.each([
    ['succeeded', true],
    ['processing', true],
    ['requires_payment_method', false],
    ['requires_action', false],
  ])('after 3-D Secure, status %s is a success: %s', async (status, success) => {
    usePayments();
    stripeLoad.current = fakeStripe({ handleNextAction: vi.fn(async () => ({ paymentIntent: { status } })) });
    server.use(
      http.post(apiUrl('/payments/payment-intent'), () =>
        HttpResponse.json({ paymentId: 4, paymentIntentId: 'pi_4', status: 'requires_action', amount: 1000, fee: 19, total: 1019, currency: 'USD', clientSecret: 'pi_4_secret' }),
      ),
    );
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Use Selected Method' }));
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.click(screen.getByRole('button', { name: 'Submit Payment' }));
    expect(await screen.findByText(success ? 'Payment Submitted Successfully!' : 'Failed to create payment intent. Please try again.')).toBeInTheDocument();
  });

  it('removes a method only after confirmation', async () => {
    usePayments();
    let detached: unknown;
    server.use(
      http.delete(apiUrl('/payments/detach'), async ({ request }) => {
        detached = await request.json();
        return HttpResponse.json({});
      }),
    );
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Remove Mastercard •••• 5556' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove payment method?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(detached).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Remove Mastercard •••• 5556' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove payment method?' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Payment method removed successfully!')).toBeInTheDocument();
    expect(detached).toEqual({ paymentMethodId: 'pm_debit', paymentMethodType: 'debit_card' });
  });

  it('says when a removal failed', async () => {
    usePayments();
    server.use(http.delete(apiUrl('/payments/detach'), () => HttpResponse.json({ status: 404, message: 'x' }, { status: 404 })));
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Remove Visa •••• 4242' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove payment method')).toBeInTheDocument();
  });

  it('with no saved method offers the types, saves a credit card through Elements and shows the processing notice', async () => {
    usePayments({ methods: [] });
    const stripe = fakeStripe();
    stripeLoad.current = stripe;
    let asked = '';
    server.use(
      http.get(apiUrl('/payments/setup-intent/card/credit'), ({ request }) => {
        asked = request.headers.get('Authorization') ?? '';
        return HttpResponse.text('seti_123_secret_abc');
      }),
    );
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: /Credit Card/ }));
    expect(await screen.findByTestId('card-element')).toBeInTheDocument();
    expect(asked).toBe('Bearer t1');
    await user.click(screen.getByRole('button', { name: 'Save Card' }));
    expect(await screen.findByText('Payment method submitted successfully')).toBeInTheDocument();
    expect(screen.getByText(/Bank account processing may take up to a few hours/)).toBeInTheDocument();
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_123_secret_abc', expect.objectContaining({ payment_method: expect.any(Object) }));
    expect(await screen.findByText('Card saved successfully!')).toBeInTheDocument();
  });

  it("shows Stripe's card error, or 'Card setup failed'", async () => {
    usePayments({ methods: [] });
    stripeLoad.current = fakeStripe({ confirmCardSetup: vi.fn(async () => ({ error: { type: 'card_error' } })) });
    server.use(http.get(apiUrl('/payments/setup-intent/card/debit'), () => HttpResponse.text('seti_9_secret_x')));
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: /Debit Card/ }));
    await user.click(await screen.findByRole('button', { name: 'Save Card' }));
    expect(await screen.findByText('Card setup failed')).toBeInTheDocument();
  });

  it("says Stripe.js hasn't loaded yet when it cannot load", async () => {
    usePayments({ methods: [] });
    server.use(http.get(apiUrl('/payments/setup-intent/card/credit'), () => HttpResponse.text('seti_1_secret_a')));
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: /Credit Card/ }));
    expect(await screen.findByText("Stripe.js hasn't loaded yet")).toBeInTheDocument();
  });

  it('links a bank account with Financial Connections and confirms the ACH setup', async () => {
    usePayments({ methods: [] });
    const stripe = fakeStripe();
    stripeLoad.current = stripe;
    server.use(
      http.get(apiUrl('/payments/setup-intent/ach'), () =>
        HttpResponse.json({ setupIntentClientSecret: 'seti_ach_secret_1', financialConnectionsSessionClientSecret: 'fcsess_1_secret_2' }),
      ),
    );
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: /Bank Account \(ACH\)/ }));
    await user.type(await screen.findByLabelText('Account holder name'), 'Olivia Owner');
    await user.click(screen.getByRole('button', { name: 'Link Bank Account' }));
    expect(await screen.findByText('Payment method submitted successfully')).toBeInTheDocument();
    expect(stripe.collectFinancialConnectionsAccounts).toHaveBeenCalledWith({ clientSecret: 'fcsess_1_secret_2' });
    expect(stripe.confirmUsBankAccountSetup).toHaveBeenCalledWith('seti_ach_secret_1', {
      payment_method: { us_bank_account: { financial_connections_account: 'fca_1' }, billing_details: { name: 'Olivia Owner', email: 'owner@demo.test' } },
    });
    expect(await screen.findByText('ACH payment method setup initiated successfully!')).toBeInTheDocument();
  });

  it.each([
    [403, 'Access forbidden - Insufficient permissions'],
    [429, 'Too many requests - Please try again later'],
    [502, 'Server error - Please try again later'],
    [400, 'Failed to create card setup intent'],
  ])('shows setup intent failure %i as docs/product.md §8 says', async (status, text) => {
    usePayments({ methods: [] });
    server.use(http.get(apiUrl('/payments/setup-intent/card/credit'), () => new HttpResponse(null, { status })));
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: /Credit Card/ }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('shows the ACH fallback and network failures', async () => {
    usePayments({ methods: [] });
    server.use(http.get(apiUrl('/payments/setup-intent/ach'), () => HttpResponse.error()));
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: /Bank Account/ }));
    expect(await screen.findByText('Network error')).toBeInTheDocument();
  });

  it('signs out to /signin on a 401 from a setup intent', async () => {
    usePayments({ methods: [] });
    server.use(http.get(apiUrl('/payments/setup-intent/card/credit'), () => HttpResponse.json({ status: 401, message: 'Unauthorized' }, { status: 401 })));
    const { user, router, store } = renderModal();
    await user.click(await screen.findByRole('button', { name: /Credit Card/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByText('Unauthorized - Please sign in again')).toBeInTheDocument();
    expect(store.getState().auth.token).toBeNull();
  });

  it('shows the load failure with a retry', async () => {
    usePayments();
    server.use(http.get(apiUrl('/payments/saved-payment-methods'), () => HttpResponse.json({ status: 400, message: 'x' }, { status: 400 })));
    renderModal();
    expect(await screen.findByText('Failed to load payment methods. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
  it('keeps the idempotency key when retrying after a server error, and takes a new one after a refusal', async () => {
    usePayments();
    const keys: (string | null)[] = [];
    const answers = [500, 500, 422];
    server.use(
      http.post(apiUrl('/payments/payment-intent'), ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        const status = answers.shift() ?? 422;
        return HttpResponse.json({ status, message: 'Your card was declined.' }, { status });
      }),
    );
    const { user } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Use Selected Method' }));
    await user.type(screen.getByLabelText('Amount'), '10');
    const submit = screen.getByRole('button', { name: 'Submit Payment' });
    for (let i = 0; i < 4; i++) {
      await user.click(submit);
      await waitFor(() => expect(keys).toHaveLength(i + 1));
    }
    expect(keys[1]).toBe(keys[0]); // 500: unknown outcome, same key
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[2]); // 422 refused: a new attempt
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
  });
});

describe('PaymentMethodModal for a role that may fund but not change payment methods', () => {
  beforeEach(() => {
    server.use(http.get(apiUrl('/account/permissions'), () => HttpResponse.json(bookkeeperPermissions)));
  });

  it('pays with a saved method but offers neither adding nor removing one', async () => {
    usePayments();
    renderModal();
    expect(await screen.findByRole('button', { name: 'Use Selected Method' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add New Method' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });

  it('says why there is nothing to choose when no method is saved', async () => {
    usePayments({ methods: [] });
    renderModal();
    expect(await screen.findByTestId('payment-methods-by-owners')).toHaveTextContent(
      'Your role (bookkeeper) cannot add or remove payment methods. Ask an owner or admin of your company if you need it.',
    );
    expect(screen.queryByText(/Credit Card/)).not.toBeInTheDocument();
  });
});
