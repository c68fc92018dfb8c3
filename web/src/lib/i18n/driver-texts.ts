/**
 * The namespaces a driver reads, translated into every language the app speaks
 * (docs/product.md, Languages). The others (fuelCards, payments: owner screens; legal: the
 * terms as written) are en-US only and show in English in every language.
 */
export const DRIVER_NAMESPACES = ['account', 'alerts', 'auth', 'common', 'dashboard', 'planner', 'support', 'transactions', 'trips'] as const;
