import Link, { type LinkProps } from '@mui/material/Link';
import { Link as ReactRouterLink } from 'react-router';

/** MUI Link that navigates inside the app. */
export function RouterLink({ to, ...props }: Omit<LinkProps, 'href'> & { to: string }) {
  return <Link component={ReactRouterLink} to={to} underline="hover" {...props} />;
}
