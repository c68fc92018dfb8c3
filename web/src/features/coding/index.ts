export { CodingPage } from './components/CodingPage';
