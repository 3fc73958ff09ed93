/**
 * The site's public screens — server-rendered, in the sitemap, open to crawlers — and the app's
 * other screens, which crawlers are kept off (robots.txt) and which answer `noindex`. The
 * frontend's routes (frontend/src/app/router.tsx) are one or the other.
 */
export const PUBLIC_STATIC_PATHS = ['/', '/recommend', '/recommenduser', '/howto', '/terms', '/privacy', '/Notations-SCTA'] as const;

/** Public screens of one object each: a Book and a person. */
export const bookPath = (id: number) => `/mono/${id}`;
export const userPath = (userId: number) => `/user/${userId}`;

/**
 * robots.txt `Disallow` rules: the API and every screen that is not public (signed-in screens,
 * mailed links, forms, lists of one's own). A rule matches paths that start with it; `$` ends a
 * rule that must not also match a longer public path.
 */
export const DISALLOWED_PATHS = [
  '/api/',
  '/home$',
  '/revommendpages',
  '/posteddata',
  '/owningpages',
  '/owningpage/',
  '/followingpagelist',
  '/userpagebook',
  '/specificuserbook',
  '/login',
  '/please-verify',
  '/verify/',
  '/forgot',
  '/reset-password/',
  '/logout',
  '/account',
  '/userpage',
  '/request',
  '/following',
  '/followed',
  '/userfollowing',
  '/userfollowed',
  '/likedposts',
  '/moderation',
  '/blocked',
  '/users',
  '/communitylist',
  '/usercommunitylist',
  '/communitypage',
  '/communitylogin/',
  '/settings',
  '/adapplication',
  '/languagesetting',
  '/notificationsetting',
  '/post/',
  '/deleteaccount',
  '/getpage',
  '/gotpage',
  '/success',
  '/bankaccount',
  '/videos',
  '/analytics',
  '/notFound',
] as const;
