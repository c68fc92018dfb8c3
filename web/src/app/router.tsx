import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { loadForgotPasswordPage, loadResetPasswordPage, loadSignUpPage, SignInPage } from '@/features/auth';
import { RedirectIfSignedIn, RequireAction, RequireAuth, RequireRole } from './guards';
import { lazyPage } from './lazy-page';
import { paths } from '@/lib/paths';
import { DashboardPage } from './dashboard-route';
import { IftaPage } from './ifta-route';
import { PlannerPage } from './planner-route';
import { RouteError } from './AppError';
import { RootLayout } from './RootLayout';

/*
 * Code splitting: only the sign-in page (the landing page) ships in the first bundle;
 * every other page loads when its route first renders, behind its guard. The planner's
 * map (MapLibre) is split once more inside the planner (PlannerMap).
 * scripts/check-bundle-size.mjs holds the first bundle to its budget.
 */
const SignUpPage = lazyPage(loadSignUpPage);
const ForgotPasswordPage = lazyPage(loadForgotPasswordPage);
const ResetPasswordPage = lazyPage(loadResetPasswordPage);
const HelpPage = lazyPage(async () => (await import('@/features/support')).HelpPage);
const ContactUsPage = lazyPage(async () => (await import('@/features/support')).ContactUsPage);
const TermsPage = lazyPage(async () => (await import('@/features/legal')).TermsPage);
const PrivacyPolicyPage = lazyPage(async () => (await import('@/features/legal')).PrivacyPolicyPage);
const TripsPage = lazyPage(async () => (await import('@/features/trips')).TripsPage);
const TripDetailPage = lazyPage(async () => (await import('@/features/trips')).TripDetailPage);
const CompliancePage = lazyPage(async () => (await import('@/features/trips')).CompliancePage);
const TransactionsPage = lazyPage(async () => (await import('@/features/transactions')).TransactionsPage);
const TransactionDetailPage = lazyPage(async () => (await import('@/features/transactions')).TransactionDetailPage);
const SettingsPage = lazyPage(async () => (await import('@/features/account')).SettingsPage);
const AccountPage = lazyPage(async () => (await import('@/features/account')).AccountPage);
const FuelCardsPage = lazyPage(async () => (await import('@/features/fuel-cards')).FuelCardsPage);
const AlertsPage = lazyPage(async () => (await import('@/features/alerts')).AlertsPage);
const NotificationsPage = lazyPage(async () => (await import('@/features/notifications')).NotificationsPage);
const IntegrationsPage = lazyPage(async () => (await import('@/features/integrations')).IntegrationsPage);
const AuditPage = lazyPage(async () => (await import('@/features/audit')).AuditPage);
const CodingPage = lazyPage(async () => (await import('@/features/coding')).CodingPage);
const VehiclesPage = lazyPage(async () => (await import('@/features/vehicles')).VehiclesPage);
const StatementsPage = lazyPage(async () => (await import('@/features/statements')).StatementsPage);
const StatementPage = lazyPage(async () => (await import('@/features/statements')).StatementPage);
const MembersPage = lazyPage(async () => (await import('@/features/members')).MembersPage);
const AcceptInvitationPage = lazyPage(async () => (await import('@/features/members')).AcceptInvitationPage);

/** Every route and access rule of docs/product.md §2.1 and docs/decisions.md. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // A page that throws, or whose code fails to load, shows this instead of the router's default.
    errorElement: <RouteError />,
    children: [
      // Open pages.
      { path: paths.root, element: <RedirectIfSignedIn><SignInPage /></RedirectIfSignedIn> },
      { path: paths.signIn, element: <RedirectIfSignedIn><SignInPage /></RedirectIfSignedIn> },
      { path: paths.signUp, element: <SignUpPage /> },
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.help, element: <HelpPage /> },
      { path: paths.contactUs, element: <ContactUsPage /> },
      { path: paths.termsAndConditions, element: <TermsPage /> },
      { path: paths.privacyPolicy, element: <PrivacyPolicyPage /> },
      { path: paths.invitation, element: <AcceptInvitationPage /> },
      // Sign-in required.
      {
        element: <RequireAuth />,
        children: [
          { path: paths.dashboard, element: <DashboardPage /> },
          { path: paths.navigation, element: <PlannerPage /> },
          { path: paths.wexLocations, element: <PlannerPage /> },
          { path: paths.assistant, element: <PlannerPage assistant /> },
          { path: paths.transactions, element: <TransactionsPage /> },
          { path: paths.transactionDetail, element: <TransactionDetailPage /> },
          { path: paths.wex, element: <Navigate to={paths.transactions} replace /> },
          { path: paths.trips, element: <TripsPage /> },
          { path: paths.tripDetail, element: <TripDetailPage /> },
          { path: paths.settings, element: <SettingsPage /> },
          { path: paths.account, element: <AccountPage /> },
          { path: paths.notifications, element: <NotificationsPage /> },
          // Company role required.
          {
            element: <RequireRole role="ROLE_COMPANY" />,
            children: [
              // Each page also needs its action of the member's role (GET /api/account/permissions).
              { element: <RequireAction action="cards.read" />, children: [{ path: paths.fuelCards, element: <FuelCardsPage /> }] },
              { element: <RequireAction action="alerts.read" />, children: [{ path: paths.alerts, element: <AlertsPage /> }] },
              { element: <RequireAction action="compliance.read" />, children: [{ path: paths.compliance, element: <CompliancePage /> }] },
              { element: <RequireAction action="webhooks.manage" anyOf={['accounting.sync']} />, children: [{ path: paths.integrations, element: <IntegrationsPage /> }] },
              { element: <RequireAction action="audit.read" />, children: [{ path: paths.audit, element: <AuditPage /> }] },
              { element: <RequireAction action="transactions.code" />, children: [{ path: paths.coding, element: <CodingPage /> }] },
              { element: <RequireAction action="vehicles.read" />, children: [{ path: paths.vehicles, element: <VehiclesPage /> }] },
              { element: <RequireAction action="ifta.read" />, children: [{ path: paths.ifta, element: <IftaPage /> }] },
              { element: <RequireAction action="members.read" />, children: [{ path: paths.members, element: <MembersPage /> }] },
              {
                element: <RequireAction action="statements.read" />,
                children: [
                  { path: paths.statements, element: <StatementsPage /> },
                  { path: paths.statementDetail, element: <StatementPage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.dashboard} replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
