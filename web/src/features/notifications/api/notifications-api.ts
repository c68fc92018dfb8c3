import { api, type Schema } from '@/lib/api';

export type NotificationEvent = Schema<'InAppNotification'>['event'];
/** GET /api/notifications: a page of the caller's in-app list with the unread count. */
export type InAppNotificationPage = Schema<'InAppNotificationPage'>;
export type InAppNotification = Schema<'InAppNotification'>;

/** The unread count polls this often, and again when the window regains focus. */
export const NOTIFICATIONS_POLL_MS = 60_000;
/** Page size of the notifications screen. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The caller's in-app list of notices (the API contract). */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<InAppNotificationPage, { unread: boolean; page: number }>({
      query: ({ unread, page }) => ({
        url: '/notifications',
        params: { ...(unread ? { unread: true } : {}), page, size: NOTIFICATIONS_PAGE_SIZE },
      }),
      providesTags: ['Notification'],
    }),
    /** The navigation's badge: the smallest page of unread notices, for its unreadCount. */
    getUnreadNotificationCount: build.query<number, void>({
      query: () => ({ url: '/notifications', params: { unread: true, page: 0, size: 1 } }),
      transformResponse: (response: InAppNotificationPage) => response.unreadCount,
      providesTags: ['Notification'],
    }),
    markNotificationRead: build.mutation<void, number>({
      query: (id) => ({ url: `/notifications/${id}/read`, method: 'POST' }),
      invalidatesTags: ['Notification'],
    }),
    markAllNotificationsRead: build.mutation<void, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST' }),
      invalidatesTags: ['Notification'],
    }),
  }),
});

export const {
  useGetNotificationsQuery,
  useGetUnreadNotificationCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
} = notificationsApi;
