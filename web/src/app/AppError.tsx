import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { removeBootSkeleton } from './boot-skeleton';

/**
 * What the app shows instead of a page that threw while rendering: a page's code that failed to
 * load (a new release replaced it, the connection dropped) or a bug. A reload fetches the
 * current code; the error itself goes to the console.
 */
export function AppError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  // index.html's signed-in skeleton would otherwise stay over this.
  useLayoutEffect(removeBootSkeleton, []);
  useEffect(() => {
    console.error('The page could not be shown', error);
  }, [error]);
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Stack role="alert" spacing={2} sx={{ width: '100%', maxWidth: 480, alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h1">{t('errors.somethingWentWrong')}</Typography>
        <Typography color="textSecondary">{t('errors.reloadHint')}</Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>
      </Stack>
    </Box>
  );
}

/** The router's error element: a route's page (or its lazily loaded code) that threw. */
export function RouteError() {
  return <AppError error={useRouteError()} />;
}

/** Errors outside the routes (the app's banners, the router itself) end here instead of an empty page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  render() {
    return this.state.failed ? <AppError error={this.state.error} /> : this.props.children;
  }
}
