import { Suspense, lazy } from 'react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, matchRoutes, useLocation } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { LoadingState } from '@/components/loading-state';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AppLayout } from './layout/app-layout';

/**
 * Each route is its own chunk, loaded when first visited, so the first screen downloads the
 * app shell and one route only (the budget test in src/testing/bundle-budget.test.ts holds it).
 */
const routeLoaders: (() => Promise<unknown>)[] = [];

let routeLoadsPending = 0;
/** Counts a route's code while it downloads (the web font waits for it: see web-font.ts). */
function counted<T>(loading: Promise<T>): Promise<T> {
  routeLoadsPending++;
  return loading.finally(() => routeLoadsPending--);
}

/** Whether a route's code is on its way. */
export function routeCodeLoading(): boolean {
  return routeLoadsPending > 0;
}

/** Each route's loader, by its component (preloadRouteOf). */
const loaderOf = new Map<unknown, () => Promise<unknown>>();

/**
 * A route's component, loaded when first rendered. Once its code is here (loaded before: a
 * server's start, a hydration), the component renders at once, without suspending a render: the
 * lazy component is handed an already settled thenable (React reads it synchronously).
 */
function lazyRoute<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  let loaded: ComponentType | undefined;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module[name];
      return module;
    });
  routeLoaders.push(loadAndKeep);
  const component = lazy(() => {
    const ready = loaded;
    if (ready)
      return { then: (resolve: (module: { default: ComponentType }) => void) => resolve({ default: ready }) } as unknown as Promise<{ default: ComponentType }>;
    return counted(loadAndKeep()).then((module) => ({ default: module[name] }));
  });
  loaderOf.set(component, loadAndKeep);
  return component;
}

/** Loads every route's chunk now (tests do, so that a route's first render is not a cold import). */
export function preloadRoutes(): Promise<unknown[]> {
  return Promise.all(routeLoaders.map((load) => load()));
}

const ForgotPasswordRoute = lazyRoute(() => import('./routes/auth/forgot-password-route'), 'ForgotPasswordRoute');
const LoginRoute = lazyRoute(() => import('./routes/auth/login-route'), 'LoginRoute');
const LogoutRoute = lazyRoute(() => import('./routes/auth/logout-route'), 'LogoutRoute');
const PleaseVerifyRoute = lazyRoute(() => import('./routes/auth/please-verify-route'), 'PleaseVerifyRoute');
const ResetPasswordRoute = lazyRoute(() => import('./routes/auth/reset-password-route'), 'ResetPasswordRoute');
const VerifyEmailRoute = lazyRoute(() => import('./routes/auth/verify-email-route'), 'VerifyEmailRoute');
const FollowingPagesRoute = lazyRoute(() => import('./routes/books/following-pages-route'), 'FollowingPagesRoute');
const loadMonoRoute = () => import('./routes/books/mono-route');
const MonoRoute = lazyRoute(loadMonoRoute, 'MonoRoute');
const OwningPageRoute = lazyRoute(() => import('./routes/books/owning-page-route'), 'OwningPageRoute');
const OwningPagesRoute = lazyRoute(() => import('./routes/books/owning-pages-route'), 'OwningPagesRoute');
const PostedDataRoute = lazyRoute(() => import('./routes/books/posted-data-route'), 'PostedDataRoute');
const RecommendRoute = lazyRoute(() => import('./routes/books/recommend-route'), 'RecommendRoute');
const SpecificUserBookRoute = lazyRoute(() => import('./routes/books/user-books-routes'), 'SpecificUserBookRoute');
const UserPageBookRoute = lazyRoute(() => import('./routes/books/user-books-routes'), 'UserPageBookRoute');
const AccountRoute = lazyRoute(() => import('./routes/profile/account-route'), 'AccountRoute');
const HomeRoute = lazyRoute(() => import('./routes/profile/home-route'), 'HomeRoute');
const RecommendUserRoute = lazyRoute(() => import('./routes/profile/recommend-user-route'), 'RecommendUserRoute');
const UserPageRoute = lazyRoute(() => import('./routes/profile/user-page-route'), 'UserPageRoute');
const UserRoute = lazyRoute(() => import('./routes/profile/user-route'), 'UserRoute');
const DeleteAccountRoute = lazyRoute(() => import('./routes/settings/delete-account-route'), 'DeleteAccountRoute');
const LanguageSettingRoute = lazyRoute(() => import('./routes/settings/language-setting-route'), 'LanguageSettingRoute');
const SettingsRoute = lazyRoute(() => import('./routes/settings/settings-route'), 'SettingsRoute');
const NotificationSettingRoute = lazyRoute(() => import('./routes/settings/notification-setting-route'), 'NotificationSettingRoute');
const PostRoute = lazyRoute(() => import('./routes/social/post-route'), 'PostRoute');
const RequestRoute = lazyRoute(() => import('./routes/social/request-route'), 'RequestRoute');
const FollowingRoute = lazyRoute(() => import('./routes/social/follow-lists-route'), 'FollowingRoute');
const FollowedRoute = lazyRoute(() => import('./routes/social/follow-lists-route'), 'FollowedRoute');
const UserFollowingRoute = lazyRoute(() => import('./routes/social/follow-lists-route'), 'UserFollowingRoute');
const UserFollowedRoute = lazyRoute(() => import('./routes/social/follow-lists-route'), 'UserFollowedRoute');
const LikedPostsRoute = lazyRoute(() => import('./routes/social/liked-posts-route'), 'LikedPostsRoute');
const UsersRoute = lazyRoute(() => import('./routes/social/users-route'), 'UsersRoute');
const CircleListRoute = lazyRoute(() => import('./routes/circles/circle-list-routes'), 'CircleListRoute');
const UserCircleListRoute = lazyRoute(() => import('./routes/circles/circle-list-routes'), 'UserCircleListRoute');
const CircleThreadRoute = lazyRoute(() => import('./routes/circles/circle-routes'), 'CircleThreadRoute');
const CircleBooksRoute = lazyRoute(() => import('./routes/circles/circle-routes'), 'CircleBooksRoute');
const CircleMembersRoute = lazyRoute(() => import('./routes/circles/circle-routes'), 'CircleMembersRoute');
const CircleWaitingRoute = lazyRoute(() => import('./routes/circles/circle-routes'), 'CircleWaitingRoute');
const CircleLoginRoute = lazyRoute(() => import('./routes/circles/circle-login-route'), 'CircleLoginRoute');
const GetPageRoute = lazyRoute(() => import('./routes/payments/get-page-route'), 'GetPageRoute');
const GotPageRoute = lazyRoute(() => import('./routes/payments/got-page-route'), 'GotPageRoute');
const SuccessRoute = lazyRoute(() => import('./routes/payments/got-page-route'), 'SuccessRoute');
const BankAccountRoute = lazyRoute(() => import('./routes/payments/bank-account-route'), 'BankAccountRoute');
const NotationsRoute = lazyRoute(() => import('./routes/payments/notations-route'), 'NotationsRoute');
const AdApplicationRoute = lazyRoute(() => import('./routes/ads/ad-application-route'), 'AdApplicationRoute');
const HowtoRoute = lazyRoute(() => import('./routes/help/howto-route'), 'HowtoRoute');
const VideosRoute = lazyRoute(() => import('./routes/help/videos-route'), 'VideosRoute');
const AnalyticsRoute = lazyRoute(() => import('./routes/help/analytics-route'), 'AnalyticsRoute');
const BlockedRoute = lazyRoute(() => import('./routes/safety/blocked-route'), 'BlockedRoute');
const ModerationRoute = lazyRoute(() => import('./routes/safety/moderation-route'), 'ModerationRoute');
const NotFoundRoute = lazyRoute(() => import('./routes/not-found-route'), 'NotFoundRoute');
const TermsRoute = lazyRoute(() => import('./routes/legal/legal-route'), 'TermsRoute');
const PrivacyRoute = lazyRoute(() => import('./routes/legal/legal-route'), 'PrivacyRoute');

/**
 * While a route's chunk downloads: the tab already names what is coming (a Book, on a cold
 * /mono/{id} load, instead of the bare site name for seconds).
 */
export function RouteLoading() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useDocumentTitle(pathname.startsWith('/mono/') ? t('books.loadingTitle') : undefined);
  return <LoadingState />;
}

/** The header and navigation paint at once; a route's own chunk fills the main area. */
function RouteOutlet() {
  return (
    <Suspense fallback={<RouteLoading />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * A visitor arriving on a Book: the route's code downloads alongside the texts of their language,
 * instead of after the app's first render (on a slow phone that render alone takes about a
 * second), so that the Book's data and cover (main.tsx asks for them) meet a route ready to show
 * them. The lazy component then finds the module loaded. On `/` and `/recommend` the same gave no
 * measurable gain (their largest paint is text waiting for fonts), so they load as before.
 */
export function preloadArrivalRoute(pathname: string) {
  // A failed download is the lazy route's to report (it asks again and shows its error).
  if (/^\/mono\/[^/]+\/?$/.test(pathname)) counted(loadMonoRoute()).catch(() => undefined);
}

/** Loads the code of the route a path shows (before a server-rendered page hydrates: main.tsx). */
export function preloadRouteOf(pathname: string): Promise<unknown> {
  const matched = matchRoutes(routes, pathname) ?? [];
  const leaf = matched[matched.length - 1]?.route.element;
  const load = leaf && typeof leaf === 'object' && 'type' in leaf ? loaderOf.get(leaf.type) : undefined;
  return load ? load().catch(() => undefined) : Promise.resolve();
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        element: <RouteOutlet />,
        children: [
          { path: '/', element: <HomeRoute /> },
          { path: '/home', element: <HomeRoute /> },
          { path: '/recommenduser', element: <RecommendUserRoute /> },
          { path: '/recommend', element: <RecommendRoute /> },
          // Spelled so in the links of the previous site.
          { path: '/revommendpages', element: <RecommendRoute /> },
          { path: '/mono/:pageid', element: <MonoRoute /> },
          { path: '/posteddata', element: <PostedDataRoute /> },
          { path: '/owningpages', element: <OwningPagesRoute /> },
          { path: '/owningpage/:pageid', element: <OwningPageRoute /> },
          { path: '/followingpagelist', element: <FollowingPagesRoute /> },
          { path: '/userpagebook', element: <UserPageBookRoute /> },
          { path: '/specificuserbook', element: <SpecificUserBookRoute /> },
          { path: '/login', element: <LoginRoute /> },
          { path: '/please-verify', element: <PleaseVerifyRoute /> },
          { path: '/verify/:id/:key', element: <VerifyEmailRoute /> },
          { path: '/forgot', element: <ForgotPasswordRoute /> },
          { path: '/reset-password/:id/:key', element: <ResetPasswordRoute /> },
          { path: '/logout', element: <LogoutRoute /> },
          { path: '/account', element: <AccountRoute /> },
          { path: '/userpage', element: <UserPageRoute /> },
          { path: '/user/:userid', element: <UserRoute /> },
          { path: '/request', element: <RequestRoute /> },
          { path: '/following', element: <FollowingRoute /> },
          { path: '/followed', element: <FollowedRoute /> },
          { path: '/userfollowing', element: <UserFollowingRoute /> },
          { path: '/userfollowed', element: <UserFollowedRoute /> },
          { path: '/likedposts', element: <LikedPostsRoute /> },
          { path: '/users', element: <UsersRoute /> },
          { path: '/communitylist', element: <CircleListRoute /> },
          { path: '/usercommunitylist', element: <UserCircleListRoute /> },
          { path: '/communitypage/:communityid', element: <CircleThreadRoute /> },
          { path: '/communitypagebook/:communityid', element: <CircleBooksRoute /> },
          { path: '/communitypagemember/:communityid', element: <CircleMembersRoute /> },
          { path: '/communitypagewaiting/:communityid', element: <CircleWaitingRoute /> },
          { path: '/communitylogin/:communityid', element: <CircleLoginRoute /> },
          { path: '/settings', element: <SettingsRoute /> },
          { path: '/adapplication', element: <AdApplicationRoute /> },
          { path: '/languagesetting', element: <LanguageSettingRoute /> },
          { path: '/notificationsetting', element: <NotificationSettingRoute /> },
          // Where a notification about a post leads (not a route of the old site).
          { path: '/post/:postId', element: <PostRoute /> },
          { path: '/deleteaccount', element: <DeleteAccountRoute /> },
          { path: '/getpage', element: <GetPageRoute /> },
          { path: '/gotpage', element: <GotPageRoute /> },
          { path: '/success', element: <SuccessRoute /> },
          { path: '/bankaccount', element: <BankAccountRoute /> },
          { path: '/Notations-SCTA', element: <NotationsRoute /> },
          { path: '/howto', element: <HowtoRoute /> },
          { path: '/videos', element: <VideosRoute /> },
          { path: '/analytics', element: <AnalyticsRoute /> },
          { path: '/moderation', element: <ModerationRoute /> },
          { path: '/blocked', element: <BlockedRoute /> },
          { path: '/terms', element: <TermsRoute /> },
          { path: '/privacy', element: <PrivacyRoute /> },
          { path: '/notFound', element: <NotFoundRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];
