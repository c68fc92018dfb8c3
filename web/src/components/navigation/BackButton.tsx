import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import IconButton from '@mui/material/IconButton';
import { Link as ReactRouterLink } from 'react-router';

/** Round back arrow; either a link (`to`) or a button (`onClick`). */
export function BackButton({ label, to, onClick }: { label: string; to?: string; onClick?: () => void }) {
  if (to) {
    return (
      <IconButton component={ReactRouterLink} to={to} aria-label={label} edge="start">
        <ArrowBackIcon />
      </IconButton>
    );
  }
  return (
    <IconButton onClick={onClick} aria-label={label} edge="start">
      <ArrowBackIcon />
    </IconButton>
  );
}
