import { createBrowserRouter, Navigate, useParams } from 'react-router';
import { paths } from '@common/paths';
import { AppLayout } from '@app/layout/app-layout';
import { RedirectIfSignedIn, RequireAdmin, RequireUser } from '@app/features/auth/guards';
import { NotFoundPage } from '@app/features/public/pages/not-found-page';

function DreamAliasRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={paths.dream(id)} replace />;
}

/** Every page but the landing page is loaded on demand, so /landing ships little JavaScript. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      {
        path: paths.landing,
        lazy: async () => ({ Component: (await import('@app/features/public/pages/landing-page')).LandingPage }),
      },
      {
        element: <RedirectIfSignedIn />,
        children: [
          {
            path: paths.login,
            lazy: async () => ({ Component: (await import('@app/features/auth/pages/login-page')).LoginRoute }),
          },
          {
            path: paths.auth,
            lazy: async () => ({ Component: (await import('@app/features/auth/pages/login-page')).AuthRoute }),
          },
          {
            path: paths.register,
            lazy: async () => ({ Component: (await import('@app/features/auth/pages/register-page')).RegisterPage }),
          },
          {
            path: paths.basicRegister,
            lazy: async () => ({
              Component: (await import('@app/features/auth/pages/register-page')).BasicRegisterPage,
            }),
          },
        ],
      },
      {
        // Visitors see a sign-in prompt here (spec §2), so it is not behind RequireUser.
        path: paths.insights,
        lazy: async () => ({ Component: (await import('@app/features/analytics/pages/insights-page')).InsightsPage }),
      },
      {
        path: paths.privacy,
        lazy: async () => ({ Component: (await import('@app/features/public/pages/info-pages')).PrivacyPage }),
      },
      {
        path: paths.terms,
        lazy: async () => ({ Component: (await import('@app/features/public/pages/info-pages')).TermsPage }),
      },
      {
        path: paths.support,
        lazy: async () => ({ Component: (await import('@app/features/public/pages/info-pages')).SupportPage }),
      },
      // Public read (decisions page): a copied share link works for a visitor.
      {
        path: paths.socialFeed,
        lazy: async () => ({
          Component: (await import('@app/features/social/pages/social-feed-page')).SocialFeedPage,
        }),
      },
      {
        path: '/shared-dream/:id',
        lazy: async () => ({
          Component: (await import('@app/features/social/pages/shared-dream-page')).SharedDreamPage,
        }),
      },
      {
        element: <RequireUser />,
        children: [
          {
            path: paths.home,
            lazy: async () => ({ Component: (await import('@app/features/home/pages/home-page')).HomePage }),
          },
          { path: '/dreams/:id', element: <DreamAliasRedirect /> },
          {
            path: paths.journal,
            lazy: async () => ({ Component: (await import('@app/features/dreams/pages/journal-page')).JournalPage }),
          },
          {
            path: '/dream/:id',
            lazy: async () => ({
              Component: (await import('@app/features/dreams/pages/dream-detail-page')).DreamDetailPage,
            }),
          },
          {
            path: paths.mySymbols,
            lazy: async () => ({
              Component: (await import('@app/features/lexicon/pages/lexicon-page')).LexiconPage,
            }),
          },
          {
            path: paths.dreamSymbols,
            lazy: async () => ({
              Component: (await import('@app/features/symbols/pages/dream-symbols-page')).DreamSymbolsPage,
            }),
          },
          {
            path: paths.guidedLibrary,
            lazy: async () => ({
              Component: (await import('@app/features/guided/pages/guided-library-page')).GuidedLibraryPage,
            }),
          },
          {
            path: paths.profile,
            lazy: async () => ({ Component: (await import('@app/features/users/pages/profile-page')).ProfilePage }),
          },
          {
            path: paths.intentions,
            lazy: async () => ({
              Component: (await import('@app/features/intentions/pages/intentions-page')).IntentionsPage,
            }),
          },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          {
            path: paths.admin,
            lazy: async () => ({ Component: (await import('@app/features/admin/pages/admin-page')).AdminPage }),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
