import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AccountPage, SettingsPage } from '@/features/account';
import { ForgotPasswordPage, ResetPasswordPage, SignInPage, SignUpPage } from '@/features/auth';
import { DashboardPage } from '@/features/dashboard';
import { FuelCardsPage } from '@/features/fuel-cards';
import { PaymentMethodModal } from '@/features/payments';
import { PrivacyPolicyPage, TermsPage } from '@/features/legal';
import { ContactUsPage, HelpPage } from '@/features/support';
import { TransactionDetailPage, TransactionsPage } from '@/features/transactions';
import { Planner } from './LazyPlanner';
import { RedirectIfSignedIn, RequireAuth, RequireRole } from './guards';
import { paths } from './paths';
import { RootLayout } from './RootLayout';

/** Every route and access rule of SPEC §2.1 and PRODUCT.md. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
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
      // Sign-in required.
      {
        element: <RequireAuth />,
        children: [
          { path: paths.dashboard, element: <DashboardPage PaymentMethodModal={PaymentMethodModal} /> },
          { path: paths.navigation, element: <Planner /> },
          { path: paths.wexLocations, element: <Planner /> },
          { path: paths.assistant, element: <Planner assistant /> },
          { path: paths.transactions, element: <TransactionsPage /> },
          { path: paths.transactionDetail, element: <TransactionDetailPage /> },
          { path: paths.wex, element: <Navigate to={paths.transactions} replace /> },
          { path: paths.settings, element: <SettingsPage /> },
          { path: paths.account, element: <AccountPage /> },
          // Company role required.
          {
            element: <RequireRole role="ROLE_COMPANY" />,
            children: [{ path: paths.fuelCards, element: <FuelCardsPage /> }],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.dashboard} replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
