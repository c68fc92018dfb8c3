// The auth feature's second public file, for index.html's entry (src/main.tsx) only: the
// light sign-in page, which starts before the app. Importing ./index.ts instead would bring
// the store, the router and MUI into the sign-in page's first bundle.
export { startSignInPage } from './components/sign-in/start-sign-in-page';
