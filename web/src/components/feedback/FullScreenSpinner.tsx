import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

export function FullScreenSpinner() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', bgcolor: 'background.default' }}>
      {/* The spinner itself is the named progressbar (an unnamed one inside a named one fails axe). */}
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
