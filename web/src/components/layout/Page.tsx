import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PageProps {
  title: ReactNode;
  /** Left of the title, e.g. a back button. */
  leading?: ReactNode;
  /** Right of the title, e.g. an export icon. */
  actions?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg' | 'xl' | false;
  children: ReactNode;
}

/** A titled page inside the app shell. */
export function Page({ title, leading, actions, maxWidth = 'lg', children }: PageProps) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 2, md: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        {leading}
        <Typography variant="h1" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      <Box>{children}</Box>
    </Container>
  );
}
