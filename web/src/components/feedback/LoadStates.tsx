import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface LoadErrorProps {
  /** Asks again (an RTK Query `refetch`). */
  onRetry: () => unknown;
  /** Defaults to 'Unable to fetch data. Try Again.' (docs/product.md §7). */
  message?: ReactNode;
  /** A retry is under way: the button waits. */
  retrying?: boolean;
}

/** A failed load: docs/product.md's message and a Try again button that asks again. */
export function LoadError({ onRetry, message, retrying = false }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      variant="outlined"
      data-testid="load-error"
      sx={{ alignItems: 'center', '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
      action={
        <Button color="inherit" size="small" onClick={() => onRetry()} disabled={retrying} sx={{ minHeight: 36, whiteSpace: 'nowrap' }}>
          {t('actions.retry')}
        </Button>
      }
    >
      {message ?? t('errors.unableToFetchData')}
    </Alert>
  );
}

/** Nothing to show yet: a quiet line of text. */
export function EmptyState({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Typography color="textSecondary" data-testid={testId ?? 'empty-state'} sx={{ py: 1 }}>
      {children}
    </Typography>
  );
}

/** Placeholder rows while a list loads. */
export function LoadingRows({ rows = 3, height = 48 }: { rows?: number; height?: number }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} role="status" aria-label={t('loading')} data-testid="loading-rows">
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}
