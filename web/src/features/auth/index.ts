// The sign-in page is the landing page and ships in the first bundle; the other
// auth pages load when their route opens (src/app/router.tsx).
export { SignInPage } from './components/SignInPage';
export { PendingApprovalPage } from './components/PendingApprovalPage';
export const loadSignUpPage = async () => (await import('./components/SignUpPage')).SignUpPage;
export const loadForgotPasswordPage = async () => (await import('./components/ForgotPasswordPage')).ForgotPasswordPage;
export const loadResetPasswordPage = async () => (await import('./components/ResetPasswordPage')).ResetPasswordPage;
