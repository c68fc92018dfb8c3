export { BackButton } from './BackButton';
export { RouterLink } from './RouterLink';
export { SupportLinks } from './SupportLinks';
