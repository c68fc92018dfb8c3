export { ContactUsPage } from './components/ContactUsPage';
export { HelpPage } from './components/HelpPage';
