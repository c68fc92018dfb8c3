import { api, type Schema } from '@/lib/api';

/** GET /api/account/notifications: the caller's preferences per event and channel, quiet hours, zone. */
export type NotificationSettings = Schema<'NotificationSettings'>;
export type NotificationPreference = Schema<'NotificationPreference'>;
/** PUT /api/account/notifications body. */
export type NotificationSettingsUpdate = Schema<'NotificationSettingsUpdate'>;

/** The caller's notification preferences (the API contract; docs/notifications.md). */
export const notificationSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotificationSettings: build.query<NotificationSettings, void>({
      query: () => ({ url: '/account/notifications' }),
      providesTags: ['NotificationSettings'],
    }),
    saveNotificationSettings: build.mutation<NotificationSettings, NotificationSettingsUpdate>({
      query: (body) => ({ url: '/account/notifications', method: 'PUT', body }),
      invalidatesTags: ['NotificationSettings'],
    }),
  }),
});

export const { useGetNotificationSettingsQuery, useSaveNotificationSettingsMutation } = notificationSettingsApi;
