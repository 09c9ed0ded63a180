import { lazy } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/components/require-auth';
import { routePatterns } from '../shared/config/paths';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorBoundary } from './routes/route-error';

// Each screen is its own chunk, loaded when first visited. The routes are matched by useRoutes
// (React Router's declarative mode): the data router (loaders, actions, route.lazy) would add to
// the first page's download code for features the app does not use (decision 0032).
const LoginPage = lazy(() =>
  import('../features/auth/components/login-page').then((m) => ({ default: m.LoginPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/components/forgot-password-page').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const AuthActionPage = lazy(() =>
  import('../features/auth/components/auth-action-page').then((m) => ({
    default: m.AuthActionPage,
  })),
);
const SsoFinishPage = lazy(() =>
  import('../features/auth/components/sso-finish-page').then((m) => ({
    default: m.SsoFinishPage,
  })),
);
const AccountSettings = lazy(() =>
  import('../features/account/components/account-settings').then((m) => ({
    default: m.AccountSettings,
  })),
);
const VerifyEmailBanner = lazy(() =>
  import('../features/account/components/account-settings').then((m) => ({
    default: m.VerifyEmailBanner,
  })),
);
const RecentAlbumsPage = lazy(() =>
  import('../features/albums/components/recent-albums-page').then((m) => ({
    default: m.RecentAlbumsPage,
  })),
);
const MyAlbumsPage = lazy(() =>
  import('../features/albums/components/my-albums-page').then((m) => ({ default: m.MyAlbumsPage })),
);
const CreateAlbumPage = lazy(() =>
  import('../features/albums/components/create-album-page').then((m) => ({
    default: m.CreateAlbumPage,
  })),
);
const AlbumRoute = lazy(() =>
  import('./routes/album-route').then((m) => ({ default: m.AlbumRoute })),
);
const UploadPhotosPage = lazy(() =>
  import('../features/uploads/components/upload-photos-page').then((m) => ({
    default: m.UploadPhotosPage,
  })),
);
const PhotoRoute = lazy(() =>
  import('./routes/photo-route').then((m) => ({ default: m.PhotoRoute })),
);
const TimelineRoute = lazy(() =>
  import('./routes/timeline-route').then((m) => ({ default: m.TimelineRoute })),
);
const FavouritesRoute = lazy(() =>
  import('./routes/timeline-route').then((m) => ({ default: m.FavouritesRoute })),
);
const ArchiveRoute = lazy(() =>
  import('./routes/archive-route').then((m) => ({ default: m.ArchiveRoute })),
);
const SharedAlbumRoute = lazy(() =>
  import('./routes/shared-album-route').then((m) => ({ default: m.SharedAlbumRoute })),
);
const SearchRoute = lazy(() =>
  import('./routes/search-route').then((m) => ({ default: m.SearchRoute })),
);
const AdminPage = lazy(() =>
  import('../features/admin/components/admin-page').then((m) => ({ default: m.AdminPage })),
);
const ActivityPage = lazy(() =>
  import('../features/activity/components/activity-page').then((m) => ({
    default: m.ActivityPage,
  })),
);
const TrashPage = lazy(() =>
  import('../features/trash/components/trash-page').then((m) => ({ default: m.TrashPage })),
);
const LockedRoute = lazy(() =>
  import('./routes/locked-route').then((m) => ({ default: m.LockedRoute })),
);
const PeoplePage = lazy(() =>
  import('../features/people/components/people-page').then((m) => ({ default: m.PeoplePage })),
);
const PersonPage = lazy(() =>
  import('../features/people/components/person-page').then((m) => ({ default: m.PersonPage })),
);
const MapRoute = lazy(() => import('./routes/map-route').then((m) => ({ default: m.MapRoute })));
const ProfilePage = lazy(() =>
  import('../features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })),
);

/**
 * The route table of the spec, plus albums/:albumId, the page a share link opens (no account
 * needed) and a page for unknown addresses.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <LoginPage /> },
      { path: routePatterns.login, element: <LoginPage /> },
      { path: routePatterns.forgotPassword, element: <ForgotPasswordPage /> },
      { path: routePatterns.authAction, element: <AuthActionPage /> },
      { path: routePatterns.ssoFinish, element: <SsoFinishPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: routePatterns.recentAlbums, element: <RecentAlbumsPage /> },
          { path: routePatterns.myAlbums, element: <MyAlbumsPage /> },
          {
            path: routePatterns.profile,
            element: (
              <ProfilePage notice={<VerifyEmailBanner />} accountSettings={<AccountSettings />} />
            ),
          },
          { path: routePatterns.createAlbum, element: <CreateAlbumPage /> },
          { path: routePatterns.album, element: <AlbumRoute /> },
          { path: routePatterns.albumAlias, element: <AlbumRoute /> },
          { path: routePatterns.upload, element: <UploadPhotosPage /> },
          { path: routePatterns.photo, element: <PhotoRoute /> },
          { path: routePatterns.timeline, element: <TimelineRoute /> },
          { path: routePatterns.favourites, element: <FavouritesRoute /> },
          { path: routePatterns.archive, element: <ArchiveRoute /> },
          { path: routePatterns.admin, element: <AdminPage /> },
          { path: routePatterns.search, element: <SearchRoute /> },
          { path: routePatterns.activity, element: <ActivityPage /> },
          { path: routePatterns.trash, element: <TrashPage /> },
          { path: routePatterns.locked, element: <LockedRoute /> },
          { path: routePatterns.people, element: <PeoplePage /> },
          { path: routePatterns.person, element: <PersonPage /> },
          { path: routePatterns.map, element: <MapRoute /> },
        ],
      },
      { path: routePatterns.sharedLink, element: <SharedAlbumRoute /> },
      { path: routePatterns.notFound, element: <NotFoundPage /> },
    ],
  },
];

/** The page for the current address, or RouteError when it fails to load or render. */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary locationKey={location.key}>{element}</RouteErrorBoundary>;
}
