import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/** How long to wait for js.stripe.com before saying Stripe.js has not loaded. */
export const STRIPE_LOAD_TIMEOUT_MS = 10_000;

const loads = new Map<string, Promise<Stripe | null>>();

/**
 * The ONE place Stripe.js is loaded (from js.stripe.com, as Stripe requires). Resolves
 * to null when it cannot load (offline, blocked, no key) instead of failing: the UI then
 * says 'Stripe.js hasn't loaded yet'. Unit tests replace this module.
 * Paying with a saved method does not need it (the server confirms the intent).
 */
export function loadStripeClient(publishableKey: string): Promise<Stripe | null> {
  if (!publishableKey) return Promise.resolve(null);
  let load = loads.get(publishableKey);
  if (!load) {
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), STRIPE_LOAD_TIMEOUT_MS));
    load = Promise.race([loadStripe(publishableKey), timeout]).catch(() => null);
    // A failed load may be retried later (e.g. the network came back).
    void load.then((stripe) => {
      if (!stripe) loads.delete(publishableKey);
    });
    loads.set(publishableKey, load);
  }
  return load;
}
