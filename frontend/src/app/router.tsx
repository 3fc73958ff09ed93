import type { RouteObject } from 'react-router-dom';
import { ForgotPasswordRoute } from './routes/auth/forgot-password-route';
import { LoginRoute } from './routes/auth/login-route';
import { LogoutRoute } from './routes/auth/logout-route';
import { PleaseVerifyRoute } from './routes/auth/please-verify-route';
import { ResetPasswordRoute } from './routes/auth/reset-password-route';
import { VerifyEmailRoute } from './routes/auth/verify-email-route';
import { FollowingPagesRoute } from './routes/books/following-pages-route';
import { MonoRoute } from './routes/books/mono-route';
import { OwningPageRoute } from './routes/books/owning-page-route';
import { OwningPagesRoute } from './routes/books/owning-pages-route';
import { PostedDataRoute } from './routes/books/posted-data-route';
import { RecommendRoute } from './routes/books/recommend-route';
import { SpecificUserBookRoute, UserPageBookRoute } from './routes/books/user-books-routes';
import { AccountRoute } from './routes/profile/account-route';
import { HomeRoute } from './routes/profile/home-route';
import { RecommendUserRoute } from './routes/profile/recommend-user-route';
import { UserPageRoute } from './routes/profile/user-page-route';
import { UserRoute } from './routes/profile/user-route';
import { DeleteAccountRoute } from './routes/settings/delete-account-route';
import { LanguageSettingRoute } from './routes/settings/language-setting-route';
import { SettingsRoute } from './routes/settings/settings-route';
import { FollowListRoute } from './routes/social/follow-lists-route';
import { LikedPostsRoute } from './routes/social/liked-posts-route';
import { RequestRoute } from './routes/social/request-route';
import { UsersRoute } from './routes/social/users-route';
import { AppLayout } from './layout/app-layout';
import { NotFoundRoute } from './routes/not-found-route';
import { PrivacyRoute, TermsRoute } from './routes/legal/legal-route';

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
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
      { path: '/following', element: <FollowListRoute direction="following" ofOther={false} /> },
      { path: '/followed', element: <FollowListRoute direction="followers" ofOther={false} /> },
      { path: '/userfollowing', element: <FollowListRoute direction="following" ofOther /> },
      { path: '/userfollowed', element: <FollowListRoute direction="followers" ofOther /> },
      { path: '/likedposts', element: <LikedPostsRoute /> },
      { path: '/users', element: <UsersRoute /> },
      { path: '/settings', element: <SettingsRoute /> },
      { path: '/languagesetting', element: <LanguageSettingRoute /> },
      { path: '/deleteaccount', element: <DeleteAccountRoute /> },
      { path: '/terms', element: <TermsRoute /> },
      { path: '/privacy', element: <PrivacyRoute /> },
      { path: '/notFound', element: <NotFoundRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

