import type { RouteObject } from 'react-router-dom';
import { ForgotPasswordRoute } from '@/features/auth/routes/forgot-password-route';
import { LoginRoute } from '@/features/auth/routes/login-route';
import { LogoutRoute } from '@/features/auth/routes/logout-route';
import { PleaseVerifyRoute } from '@/features/auth/routes/please-verify-route';
import { ResetPasswordRoute } from '@/features/auth/routes/reset-password-route';
import { VerifyEmailRoute } from '@/features/auth/routes/verify-email-route';
import { FollowingPagesRoute } from '@/features/books/routes/following-pages-route';
import { MonoRoute } from '@/features/books/routes/mono-route';
import { OwningPageRoute } from '@/features/books/routes/owning-page-route';
import { OwningPagesRoute } from '@/features/books/routes/owning-pages-route';
import { PostedDataRoute } from '@/features/books/routes/posted-data-route';
import { RecommendRoute } from '@/features/books/routes/recommend-route';
import { SpecificUserBookRoute, UserPageBookRoute } from '@/features/books/routes/user-books-routes';
import { AccountRoute } from '@/features/profile/routes/account-route';
import { HomeRoute } from '@/features/profile/routes/home-route';
import { RecommendUserRoute } from '@/features/profile/routes/recommend-user-route';
import { UserPageRoute } from '@/features/profile/routes/user-page-route';
import { UserRoute } from '@/features/profile/routes/user-route';
import { DeleteAccountRoute } from '@/features/settings/routes/delete-account-route';
import { LanguageSettingRoute } from '@/features/settings/routes/language-setting-route';
import { SettingsRoute } from '@/features/settings/routes/settings-route';
import { AppLayout } from './layout/app-layout';
import { NotFoundRoute } from './routes/not-found-route';

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
      { path: '/settings', element: <SettingsRoute /> },
      { path: '/languagesetting', element: <LanguageSettingRoute /> },
      { path: '/deleteaccount', element: <DeleteAccountRoute /> },
      { path: '/notFound', element: <NotFoundRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

