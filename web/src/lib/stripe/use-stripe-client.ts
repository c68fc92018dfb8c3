import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { loadStripeClient } from './stripe-client';

export type StripeClientState = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

/** Stripe.js for `publishableKey`, loaded through the one boundary module. */
export function useStripeClient(publishableKey: string): StripeClientState {
  const [state, setState] = useState<{ key: string; value: StripeClientState }>({ key: publishableKey, value: { status: 'loading' } });
  useEffect(() => {
    let active = true;
    void loadStripeClient(publishableKey).then((stripe) => {
      if (active) setState({ key: publishableKey, value: stripe ? { status: 'ready', stripe } : { status: 'failed' } });
    });
    return () => {
      active = false;
    };
  }, [publishableKey]);
  return state.key === publishableKey ? state.value : { status: 'loading' };
}
