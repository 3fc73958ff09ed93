import type { ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import type { Post } from '@/api/types';
import { InfiniteList } from '@/components/infinite-list';
import type { PagedQuery } from '@/components/infinite-list';
import { PostCard } from './post-card';

type Props = {
  /** An infinite post-list query result (homePosts, userPosts, bookPosts, likedPosts). */
  query: PagedQuery<Post>;
  label: string;
  empty?: ReactNode;
  loginMessage?: ParseKeys;
  /** Ad slots (or anything) after every n-th post: the route decides (see features/ads/components/ad-slot). */
  interleave?: { every: number; render: (slot: number) => ReactNode };
};

/** A scrolling list of post cards, loading the next page at the bottom. */
export function PostFeed({ query, label, empty, loginMessage, interleave }: Props) {
  return (
    <InfiniteList
      query={query}
      label={label}
      getKey={(post) => post.id}
      empty={empty}
      interleave={interleave}
      renderItem={(post) => <PostCard post={post} loginMessage={loginMessage} />}
    />
  );
}
