import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { visuallyHidden } from './visually-hidden';

/** Text read by screen readers, not shown: for a name that says more than the visible text, kept in the content (not an aria-label, which must contain what is shown). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={visuallyHidden}>
      {children}
    </Box>
  );
}
