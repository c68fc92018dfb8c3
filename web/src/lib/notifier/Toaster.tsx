import CloseIcon from '@mui/icons-material/Close';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider, type SnackbarKey } from 'notistack';
import { useEffect } from 'react';
import { attachToaster, ERROR_TOAST_DURATION_MS, MAX_TOASTS, TOAST_DURATION_MS } from './notify';

/** Clear of the phones' bottom navigation bar (AppShell's BOTTOM_BAR_HEIGHT, 64 px) with a gap. */
const PHONE_TOAST_BOTTOM = 'calc(72px + env(safe-area-inset-bottom))';

const closeButton = (key: SnackbarKey) => (
  <IconButton size="small" color="inherit" aria-label="close" onClick={() => closeSnackbar(key)}>
    <CloseIcon fontSize="small" />
  </IconButton>
);

/**
 * The toasts (notistack), loaded after the first page shows. They sit at the bottom, where
 * they never cover a page's title or its first fields; on phones they float above the
 * bottom navigation bar.
 */
export default function Toaster() {
  useEffect(
    () =>
      attachToaster(({ message, variant }) =>
        enqueueSnackbar(
          message,
          variant === 'error' ? { variant, autoHideDuration: ERROR_TOAST_DURATION_MS, action: closeButton } : { variant },
        ),
      ),
    [],
  );
  return (
    <>
      <GlobalStyles
        styles={(theme) => ({
          // notistack's own colours put white text on 3:1 green and orange; these keep every
          // variant at 4.5:1 or better (axe color-contrast).
          // The class twice: notistack's own rule has two classes' weight.
          '.notistack-MuiContent-success.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
          '.notistack-MuiContent-error.notistack-MuiContent-error': { backgroundColor: '#b71c1c' },
          '.notistack-MuiContent-warning.notistack-MuiContent-warning': { backgroundColor: '#8a4b00' },
          '.notistack-MuiContent-info.notistack-MuiContent-info': { backgroundColor: '#0d47a1' },
          [theme.breakpoints.down('md')]: {
            '.notistack-SnackbarContainer.notistack-SnackbarContainer': { bottom: PHONE_TOAST_BOTTOM },
          },
        })}
      />
      <SnackbarProvider
        maxSnack={MAX_TOASTS}
        autoHideDuration={TOAST_DURATION_MS}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        preventDuplicate
      />
    </>
  );
}
