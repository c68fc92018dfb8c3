import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GRANT_HOURS, useOverrideDecision } from '../model/use-override-decision';
import '@/lib/i18n/texts/alerts';

/** Hours an approval grants: the owner picks one, DEFAULT_GRANT_HOURS unless changed (1..168 on the wire). */
const APPROVAL_HOURS = [2, 4, 8, 12, 24, 48, 72, 168] as const;

/** Approve (for a number of hours) or deny a driver's override request. */
export function RequestDecision({
  requestId,
  onDecided,
  approveText,
  inset = true,
  promptDecline = false,
}: {
  requestId: number;
  onDecided?: () => void;
  /** The approve button's text: "Approve" on the alerts page, "Grant" on the dashboard. */
  approveText?: string;
  /** Indented under an alert row's icon (the alerts page). */
  inset?: boolean;
  /** The request is about a pump prompt decline: the owner may lift the prompt too, explicitly. */
  promptDecline?: boolean;
}) {
  const { t } = useTranslation('alerts');
  const [hours, setHours] = useState<number>(DEFAULT_GRANT_HOURS);
  const [liftsPrompt, setLiftsPrompt] = useState(false);
  const { run: decide, isLoading } = useOverrideDecision();
  const run = async (decision: 'approve' | 'deny') => {
    if (await decide(requestId, decision, decision === 'approve' ? hours : undefined, promptDecline && liftsPrompt)) onDecided?.();
  };
  return (
    <Stack
      direction="row"
      useFlexGap
      sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', ...(inset && { px: { xs: 1, sm: 2 }, pb: 1.5, pl: { xs: 5, sm: 7.5 } }) }}
      data-testid="request-decision"
    >
      <TextField
        select
        size="small"
        label={t('request.hours')}
        value={hours}
        onChange={(event) => setHours(Number(event.target.value))}
        sx={{ width: 140, flex: '0 0 auto' }}
      >
        {APPROVAL_HOURS.map((option) => (
          <MenuItem key={option} value={option}>
            {t('request.hoursOption', { count: option })}
          </MenuItem>
        ))}
      </TextField>
      {promptDecline && (
        <FormControlLabel
          control={<Checkbox checked={liftsPrompt} onChange={(event) => setLiftsPrompt(event.target.checked)} />}
          label={t('request.liftPrompt')}
          sx={{ flexBasis: '100%', mr: 0 }}
        />
      )}
      <Button variant="contained" color="success" disabled={isLoading} onClick={() => void run('approve')}>
        {approveText ?? t('request.approve')}
      </Button>
      {/* error.light text: error.main on an unread row's tint is 4.42:1, under AA's 4.5:1. */}
      <Button
        variant="outlined"
        color="error"
        disabled={isLoading}
        onClick={() => void run('deny')}
        sx={{ color: 'error.light' }}
      >
        {t('request.deny')}
      </Button>
    </Stack>
  );
}
