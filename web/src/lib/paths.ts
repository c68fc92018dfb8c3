/**
 * Every route path of the app, in one place (docs/product.md §2.1, docs/decisions.md).
 * Build links with `paths.x` or the helpers below; never write a path literal elsewhere.
 */
export const paths = {
  root: '/',
  signIn: '/signin',
  signUp: '/signup',
  forgotPassword: '/forgotpassword',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  navigation: '/navigation',
  wexLocations: '/wex/locations',
  assistant: '/assistant',
  account: '/account',
  settings: '/settings',
  help: '/help',
  contactUs: '/contact-us',
  transactions: '/transactions',
  transactionDetail: '/transactions/:transactionId',
  fuelCards: '/fuel-cards',
  vehicles: '/vehicles',
  alerts: '/alerts',
  notifications: '/notifications',
  trips: '/trips',
  tripDetail: '/trips/:tripId',
  compliance: '/compliance',
  integrations: '/integrations',
  audit: '/audit',
  coding: '/coding',
  ifta: '/ifta',
  members: '/members',
  statements: '/statements',
  statementDetail: '/statements/:statementId',
  invitation: '/invite/:token',
  termsAndConditions: '/terms-and-conditions',
  privacyPolicy: '/privacy-policy',
  wex: '/wex',
} as const;

/** /transactions/{transactionId} */
export const transactionDetailPath = (transactionId: string | number): string =>
  paths.transactionDetail.replace(':transactionId', encodeURIComponent(String(transactionId)));

/** /statements/{statementId} */
export const statementDetailPath = (statementId: string | number): string =>
  paths.statementDetail.replace(':statementId', encodeURIComponent(String(statementId)));

/** /trips/{tripId} */
export const tripDetailPath = (tripId: string | number): string =>
  paths.tripDetail.replace(':tripId', encodeURIComponent(String(tripId)));

/** /fuel-cards?card=… : the fuel cards screen searching for one card. */
export const fuelCardPath = (cardNumber: string): string => `${paths.fuelCards}?${new URLSearchParams({ card: cardNumber }).toString()}`;

/** /reset-password?email=…&otpCode=… (otpCode optional) */
export const resetPasswordPath = (email: string, otpCode?: string): string => {
  const query = new URLSearchParams({ email });
  if (otpCode) query.set('otpCode', otpCode);
  return `${paths.resetPassword}?${query.toString()}`;
};

/** Router state that opens the planner's map centred on a point (the active trip's next stop). */
export interface CentreOnState {
  centreOn: { latitude: number; longitude: number };
}
