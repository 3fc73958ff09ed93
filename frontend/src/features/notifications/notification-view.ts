import type { ParseKeys } from 'i18next';
import type { Notification, NotificationType } from '@/api/types';

/** Likes, reposts and follows of one target within this time show as one row. */
export const GROUP_WINDOW_MS = 12 * 60 * 60 * 1000;
const GROUPED: ReadonlySet<NotificationType> = new Set(['post_liked', 'post_reposted', 'user_followed']);

/** The count on the bell: "99+" above 99, nothing at 0. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** A preview longer than 10 characters shows its first 15 (with an ellipsis when cut). */
export function truncatePreview(text: string | null | undefined): string | null {
  if (!text) return null;
  const chars = [...text];
  if (chars.length <= 10) return text;
  return chars.length > 15 ? `${chars.slice(0, 15).join('')}…` : text;
}

/** One row of the dialog: a notification, or several likes/reposts/follows of one target. */
export type NotificationGroup = { key: string; type: NotificationType; items: Notification[] };

const targetOf = (n: Notification) => (n.type === 'user_followed' ? 'me' : `post:${n.post ?? 0}`);

/**
 * Rows from notifications newest first: a like, repost or follow joins the row of the same type
 * and target whose newest item is at most 12 hours newer; anything else is a row of its own.
 */
export function groupNotifications(list: readonly Notification[]): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  const open = new Map<string, NotificationGroup>();
  for (const n of list) {
    if (!GROUPED.has(n.type)) {
      groups.push({ key: `n${n.id}`, type: n.type, items: [n] });
      continue;
    }
    const key = `${n.type}|${targetOf(n)}`;
    const group = open.get(key);
    if (group && Date.parse(group.items[0].created_on) - Date.parse(n.created_on) <= GROUP_WINDOW_MS) {
      group.items.push(n);
      continue;
    }
    const fresh = { key: `n${n.id}`, type: n.type, items: [n] };
    open.set(key, fresh);
    groups.push(fresh);
  }
  return groups;
}

/**
 * Where a notification leads, or the message to show instead (the target or the actor is gone),
 * or nowhere: the outcome of a report says all there is (the hidden content is gone for the reporter).
 */
export type NotificationTarget = { to: string } | { error: 'NotificationEach12' | 'NotificationEach13' } | { to: null };

export function targetOfNotification(n: Notification): NotificationTarget {
  if (n.type !== 'data_generated' && !n.relatedUser) return { error: 'NotificationEach13' };
  if (n.target_gone) return { error: 'NotificationEach12' };
  switch (n.type) {
    case 'post_liked':
    case 'post_commented':
    case 'post_reposted':
    case 'book_posted':
    case 'followingpage_commented':
      return n.post ? { to: `/post/${n.post}` } : { error: 'NotificationEach12' };
    case 'user_followed':
      return { to: '/request' };
    case 'data_generated':
    case 'data_book_followed':
    case 'data_book_owned':
    case 'followinguser_book_generated':
      return n.page ? { to: `/mono/${n.page}` } : { error: 'NotificationEach12' };
    case 'community_invited':
    case 'community_joinrequest_approved':
      return n.community ? { to: `/communitypage/${n.community}` } : { error: 'NotificationEach12' };
    case 'report_hidden':
    case 'report_dismissed':
    case 'report_suspended':
      return { to: null };
  }
}

export const typeKey = (type: NotificationType) => `notifications.type.${type}` as ParseKeys;
export const groupKey = (type: NotificationType) => `notifications.group.${type}` as ParseKeys;

/** The settings screen's groups, in order. */
export const SETTING_GROUPS: ReadonlyArray<{ label: ParseKeys; flags: NotificationType[] }> = [
  { label: 'notifications.settings.groups.posts', flags: ['post_liked', 'post_commented', 'post_reposted'] },
  { label: 'notifications.settings.groups.follows', flags: ['user_followed', 'followinguser_book_generated'] },
  { label: 'notifications.settings.groups.data', flags: ['data_generated', 'book_posted', 'data_book_followed', 'data_book_owned', 'followingpage_commented'] },
  { label: 'notifications.settings.groups.circles', flags: ['community_invited', 'community_joinrequest_approved'] },
  { label: 'notifications.settings.groups.reports', flags: ['report_hidden', 'report_dismissed', 'report_suspended'] },
];
