import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './base-query';

/**
 * The one RTK Query api for `/api`. Features add their calls with
 * `api.injectEndpoints({ endpoints: (build) => ({ … }) })` in their own `api/` folder,
 * and list any new cache tag here.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  keepUnusedDataFor: 60,
  tagTypes: ['Account', 'Wallet', 'Savings', 'FuelCard', 'DriverRequest', 'Transaction', 'Contract', 'PaymentMethod', 'Station', 'Chain', 'CardControls', 'Alert', 'OverrideRequest', 'Trip', 'TripRequest', 'Compliance', 'Webhook', 'WebhookDelivery', 'Vehicle', 'IftaReturn', 'TelematicsSettings', 'Notification', 'NotificationSettings', 'AuthorizationSettings', 'Member', 'Invitation', 'Permissions', 'CodingRule', 'PumpCheck', 'PumpChallenge', 'Statements', 'StatementSettings', 'QuickBooks', 'Group'],
  endpoints: () => ({}),
});
