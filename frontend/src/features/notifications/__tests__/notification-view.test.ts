import type { Notification } from '@/api/types';
import { notificationTexts } from '@/i18n/notifications';
import { i18n } from '@/i18n';
import { badgeText, groupNotifications, targetOfNotification, truncatePreview } from '../notification-view';
import { backoffMs, parseEvents } from '../hooks/use-notification-stream';
import type { StreamEvent } from '../hooks/use-notification-stream';

let nextId = 1;
export function note(overrides: Partial<Notification> = {}): Notification {
  return {
    id: nextId++,
    type: 'post_liked',
    read: false,
    created_on: '2026-11-25T12:00:00.000Z',
    post: 5,
    comment: null,
    page: null,
    community: null,
    relatedUser: { id: 1, userId: 11, nickName: 'Hanako', img: null },
    preview: 'hello',
    target_gone: false,
    ...overrides,
  };
}

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('notification view', () => {
  it('shows 99+ above 99 and nothing at 0', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('truncates a preview longer than 10 characters to 15', () => {
    expect(truncatePreview('0123456789')).toBe('0123456789');
    expect(truncatePreview('0123456789ab')).toBe('0123456789ab');
    expect(truncatePreview('0123456789abcdefgh')).toBe('0123456789abcde…');
    expect(truncatePreview('あいうえおかきくけこさしすせそたち')).toBe('あいうえおかきくけこさしすせそ…');
    expect(truncatePreview(null)).toBeNull();
  });

  it('groups likes, reposts and follows of one target within 12 hours, and nothing else', () => {
    const at = (hours: number) => new Date(Date.parse('2026-11-25T12:00:00Z') - hours * 3600_000).toISOString();
    const list = [
      note({ id: 101, created_on: at(0) }),
      note({ id: 102, type: 'post_commented', created_on: at(1) }),
      note({ id: 103, created_on: at(2) }),
      note({ id: 104, post: 6, created_on: at(3) }),
      note({ id: 105, created_on: at(11) }),
      note({ id: 106, created_on: at(13) }), // beyond 12 h of the row's newest
      note({ id: 107, type: 'user_followed', post: null, created_on: at(1) }),
      note({ id: 108, type: 'user_followed', post: null, created_on: at(2) }),
    ];
    expect(groupNotifications(list).map((g) => g.items.map((n) => n.id))).toEqual([[101, 103, 105], [102], [104], [106], [107, 108]]);
  });

  it('links each type to its target, or says the target or the user is gone', () => {
    expect(targetOfNotification(note({ type: 'post_commented', post: 9, comment: 3 }))).toEqual({ to: '/post/9' });
    expect(targetOfNotification(note({ type: 'user_followed', post: null }))).toEqual({ to: '/request' });
    expect(targetOfNotification(note({ type: 'data_book_owned', post: null, page: 4 }))).toEqual({ to: '/mono/4' });
    expect(targetOfNotification(note({ type: 'data_generated', post: null, page: 4, relatedUser: null }))).toEqual({ to: '/mono/4' });
    expect(targetOfNotification(note({ type: 'community_invited', post: null, community: 8 }))).toEqual({ to: '/communitypage/8' });
    expect(targetOfNotification(note({ type: 'book_posted', page: 4, target_gone: true }))).toEqual({ error: 'NotificationEach12' });
    expect(targetOfNotification(note({ relatedUser: null }))).toEqual({ error: 'NotificationEach13' });
    // The outcome of a report leads nowhere: the message says it all.
    expect(targetOfNotification(note({ type: 'report_hidden', post: null }))).toEqual({ to: null });
    expect(targetOfNotification(note({ type: 'report_dismissed', post: null }))).toEqual({ to: null });
  });

  it('has every text in both languages', () => {
    expect(keys(notificationTexts.ja).sort()).toEqual(keys(notificationTexts.en).sort());
    expect(i18n.t('notifications.group.post_liked', { lng: 'en', name: 'Hanako', count: 3 })).toBe('Hanako and 3 others liked your post');
    expect(i18n.t('notifications.group.post_liked', { lng: 'ja', name: '花子', count: 3 })).toBe('花子さんほか3人があなたの投稿にいいねしました');
    expect(i18n.t('notifications.settings.updateFailed', { lng: 'en' })).toBe('Failed to update notification');
  });

  it('reads Server-Sent Events across chunks, skipping heartbeats', () => {
    const events: StreamEvent[] = [];
    let rest = parseEvents('retry: 5000\n\n: ping\n\nevent: unread\ndata: {"total_unread_count":', (e) => events.push(e));
    rest = parseEvents(`${rest}3}\n\nevent: notification\r\ndata: {"id":1}\r\n\r\n`, (e) => events.push(e));
    expect(rest).toBe('');
    expect(events).toEqual([
      { event: 'unread', data: '{"total_unread_count":3}' },
      { event: 'notification', data: '{"id":1}' },
    ]);
  });

  it('backs off from 1 s, doubling to a minute', () => {
    expect(backoffMs(0, 1)).toBe(1000);
    expect(backoffMs(3, 1)).toBe(8000);
    expect(backoffMs(20, 1)).toBe(60_000);
    expect(backoffMs(20, 0)).toBe(30_000);
  });
});
