export { PrivacyPolicyPage } from './components/PrivacyPolicyPage';
export { TermsPage } from './components/TermsPage';
