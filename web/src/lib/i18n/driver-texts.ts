/**
 * The namespaces a driver reads, translated into every language the app speaks
 * (docs/product.md, Languages). The others (payments: owner screens; legal: the terms as
 * written) are en-US only and show in English in every language.
 */
export const DRIVER_NAMESPACES = ['account', 'alerts', 'auth', 'common', 'dashboard', 'planner', 'support', 'transactions', 'trips'] as const;

/**
 * Every namespace translated: the drivers' and the owner screens translated so far (vehicles,
 * with its odometer readings; fuelCards: fuel cards, card controls, overrides, driver
 * requests, ordering a card; audit, the trail's page and each card's and vehicle's history;
 * members, the members page and the invitation page; statements; ifta, the IFTA return with its
 * rates and telematics; integrations, webhooks and telematics connectors; quickbooks, the
 * QuickBooks Online card). The check holds each to the same keys in every language.
 */
export const TRANSLATED_NAMESPACES = [...DRIVER_NAMESPACES, 'fuelCards', 'vehicles', 'audit', 'members', 'statements', 'ifta', 'integrations', 'quickbooks'] as const;
