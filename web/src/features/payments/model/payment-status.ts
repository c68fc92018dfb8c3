/**
 * The PaymentIntent statuses that mean the money was paid (succeeded) or is on its way
 * (processing: bank payments take time). Any other status was not paid.
 */
export function isPaidOrProcessing(status: string | undefined): boolean {
  return status === 'succeeded' || status === 'processing';
}
