import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Text read by screen readers, not shown: for a name that says more than the visible text, kept in the content (not an aria-label, which must contain what is shown). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
    >
      {children}
    </Box>
  );
}
