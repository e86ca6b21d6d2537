import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { ROUTES } from './route-paths.ts';
import { AUTH_PAGES } from './session/session-client.ts';

// Each screen is its own chunk: the sign-in route loads only what it needs (issue 4 budget).
const SignInPage = lazy(() => import('./features/auth/sign-in-page.tsx'));
const SignUpPage = lazy(() => import('./features/auth/sign-up-page.tsx'));
const AuthErrorPage = lazy(() => import('./features/auth/auth-error-page.tsx'));
const DownloadPage = lazy(() => import('./features/download/download-page.tsx'));
const BoardPage = lazy(() => import('./features/board/board-page.tsx'));
const InboxPage = lazy(() => import('./features/inbox/inbox-page.tsx'));
const CollectionsPage = lazy(() => import('./features/collections/collections-page.tsx'));
const ProfilesPage = lazy(() => import('./features/profiles/profiles-page.tsx'));
const LicensePage = lazy(() => import('./features/license/license-page.tsx'));
const CampaignsListPage = lazy(() => import('./features/campaigns/campaigns-list-page.tsx'));
const CampaignBuilderPage = lazy(() => import('./features/campaigns/campaign-builder-page.tsx'));
const CampaignRunPage = lazy(() => import('./features/campaigns/campaign-run-page.tsx'));
const ReportsPage = lazy(() => import('./features/reports/reports-page.tsx'));
const DiagnosticsPage = lazy(() => import('./features/diagnostics/diagnostics-page.tsx'));
const MembersPage = lazy(() => import('./features/members/members-page.tsx'));
const JoinPage = lazy(() => import('./features/members/join-page.tsx'));
const WebhooksPage = lazy(() => import('./features/webhooks/webhooks-page.tsx'));
const DoNotContactPage = lazy(() => import('./features/do-not-contact/do-not-contact-page.tsx'));
const AccountPage = lazy(() => import('./features/account/account-page.tsx'));
const ForgotPasswordPage = lazy(() => import('./features/account/forgot-password-page.tsx'));
const ResetPasswordPage = lazy(() => import('./features/account/reset-password-page.tsx'));
// The signed-in shell (session gate, layout, socket, dialogs) stays out of the public pages' bundle.
const SignedInShell = lazy(() => import('./components/signed-in-shell.tsx'));

export const router = createBrowserRouter([
  { path: AUTH_PAGES.signIn, element: <SignInPage /> },
  { path: AUTH_PAGES.signUp, element: <SignUpPage /> },
  { path: AUTH_PAGES.error, element: <AuthErrorPage /> },
  { path: ROUTES.download, element: <DownloadPage /> },
  { path: ROUTES.join, element: <JoinPage /> },
  { path: ROUTES.forgotPassword, element: <ForgotPasswordPage /> },
  { path: ROUTES.resetPassword, element: <ResetPasswordPage /> },
  {
    element: <SignedInShell />,
    children: [
      { index: true, element: <Navigate to={ROUTES.board} replace /> },
      { path: ROUTES.board, element: <BoardPage /> },
      { path: ROUTES.inbox, element: <InboxPage /> },
      { path: ROUTES.collections, element: <CollectionsPage /> },
      { path: `${ROUTES.collections}/:collectionId`, element: <CollectionsPage /> },
      { path: ROUTES.profiles, element: <ProfilesPage /> },
      { path: ROUTES.license, element: <LicensePage /> },
      { path: ROUTES.campaigns, element: <CampaignsListPage /> },
      { path: `${ROUTES.campaigns}/new`, element: <CampaignBuilderPage /> },
      { path: `${ROUTES.campaigns}/:campaignId`, element: <CampaignRunPage /> },
      { path: `${ROUTES.campaigns}/:campaignId/edit`, element: <CampaignBuilderPage /> },
      { path: ROUTES.reports, element: <ReportsPage /> },
      { path: ROUTES.diagnostics, element: <DiagnosticsPage /> },
      { path: ROUTES.team, element: <MembersPage /> },
      { path: ROUTES.account, element: <AccountPage /> },
      { path: ROUTES.webhooks, element: <WebhooksPage /> },
      { path: ROUTES.doNotContact, element: <DoNotContactPage /> },
      { path: '*', element: <Navigate to={ROUTES.board} replace /> },
    ],
  },
]);
