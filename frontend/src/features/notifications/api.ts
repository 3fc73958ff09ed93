import '@/i18n/notifications';
import { api } from '@/api/api';
import type { NotificationResponse } from '@/api/generated';
import { byPageIndex } from '@/api/paging';

const NOTIFICATIONS = { type: 'Notifications', id: 'LIST' } as const;

/**
 * The bell's calls: the unread count (also kept live by the stream, see useNotificationStream),
 * the dialog's scroll list (notifications/all/), marking, and the settings. A new notification
 * or a mark invalidates the lists; the settings answer replaces the cached settings.
 */
const withNotifications = api.enhanceEndpoints({
  addTagTypes: ['Notifications', 'NotificationSettings'],
  endpoints: {
    getUnreadNotifications: { providesTags: [NOTIFICATIONS] },
    markNotification: { invalidatesTags: (_result, error) => (error ? [] : [NOTIFICATIONS]) },
    markAllNotificationsRead: { invalidatesTags: (_result, error) => (error ? [] : [NOTIFICATIONS]) },
    getNotificationSettings: { providesTags: ['NotificationSettings'] },
    putNotificationSettings: {
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          // The returned settings replace local state.
          dispatch(withNotifications.util.upsertQueryData('getNotificationSettings', undefined, data));
        } catch {
          // the screen shows the error
        }
      },
    },
  },
});

export const notificationsApi = withNotifications.injectEndpoints({
  endpoints: (build) => ({
    /** The dialog's list, newest first, 10 a page. */
    notificationList: build.infiniteQuery<NotificationResponse[], void, number>({
      infiniteQueryOptions: byPageIndex,
      query: ({ pageParam }) => ({ url: '/api/user/notifications/all/', params: { count: pageParam } }),
      providesTags: [NOTIFICATIONS],
    }),
  }),
});
