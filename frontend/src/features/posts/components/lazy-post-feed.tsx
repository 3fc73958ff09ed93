import { Suspense, lazy } from 'react';
import type { ComponentProps } from 'react';
import type { PostFeed as PostFeedType } from './post-feed';

// Post cards (dates, counts, toggles) come as their own chunk, after the screen around them.
const PostFeed = lazy(() => import('./post-feed').then((module) => ({ default: module.PostFeed })));

/** The post list, loaded as a chunk of its own; the list shows its own skeleton once loaded. */
export function LazyPostFeed(props: ComponentProps<typeof PostFeedType>) {
  return (
    <Suspense fallback={null}>
      <PostFeed {...props} />
    </Suspense>
  );
}
