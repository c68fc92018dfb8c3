import LocalGasStationIcon from '@mui/icons-material/LocalGasStation';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { promptLines, type PumpPrompts } from '../model/pump-prompts';
import '@/lib/i18n/texts/transactions';

/** "At the pump": what the pump will ask on the driver's card and what to type (nothing when it asks nothing). */
export function PumpPromptsNote({ prompts, lifted = false }: { prompts: PumpPrompts; lifted?: boolean }) {
  const { t } = useTranslation('transactions');
  const lines = promptLines(t, prompts);
  if (!lines.length) return null;
  return (
    <Box component="section" aria-labelledby="pump-prompts-title" data-testid="pump-prompts" sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <LocalGasStationIcon fontSize="small" color="primary" aria-hidden />
        <Typography variant="subtitle2" component="h3" id="pump-prompts-title">
          {t('prompts.title')}
        </Typography>
      </Stack>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.25 }}>
        {lines.map((line) => (
          <Box key={line.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="textSecondary">
              {line.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="pump-prompt-value">
              {line.value}
            </Typography>
          </Box>
        ))}
      </Box>
      {lifted && (
        <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
          {t('prompts.lifted')}
        </Typography>
      )}
    </Box>
  );
}
