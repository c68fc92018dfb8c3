import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notifier';
import { useAnswerPumpChallengeMutation, useGetPumpChallengesQuery, type PumpChallenge } from '../api/pump-challenges-api';
import '@/lib/i18n/texts/dashboard';

/** How often an open question is looked for while the dashboard is shown (the push may be off). */
const POLL_MS = 20_000;

function Question({ challenge }: { challenge: PumpChallenge }) {
  const { t } = useTranslation('dashboard');
  const [answer, { isLoading }] = useAnswerPumpChallengeMutation();
  const send = async (value: 'yes' | 'no') => {
    try {
      await answer({ id: challenge.id, answer: value }).unwrap();
      notify.success(t(value === 'yes' ? 'pumpChallenge.answeredYes' : 'pumpChallenge.answeredNo'));
    } catch (error) {
      notify.error(errorMessage(error, t('pumpChallenge.answerFailed')));
    }
  };
  return (
    <Alert severity="warning" icon={false} data-testid="pump-challenge" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {t('pumpChallenge.question', { unit: challenge.unitNumber, station: challenge.stationName })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button variant="contained" color="success" disabled={isLoading} onClick={() => void send('yes')}>
          {t('pumpChallenge.yes')}
        </Button>
        <Button variant="outlined" color="error" disabled={isLoading} onClick={() => void send('no')}>
          {t('pumpChallenge.no')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('pumpChallenge.noFreezes')}
      </Typography>
    </Alert>
  );
}

/**
 * Drivers: the pump check's open questions ("Are you fueling unit 123 at Love's #512?") with Yes /
 * No, and in plain words what the truck's position is used for and what is kept.
 */
export function PumpChallengeTile() {
  const { t } = useTranslation('dashboard');
  const { data } = useGetPumpChallengesQuery(undefined, { pollingInterval: POLL_MS, skipPollingIfUnfocused: true });
  if (!data || data.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="pump-challenge-title">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h3" component="h2" id="pump-challenge-title">
            {t('pumpChallenge.title')}
          </Typography>
          {data.map((challenge) => (
            <Question key={challenge.id} challenge={challenge} />
          ))}
          <Typography variant="body2" color="textSecondary" data-testid="pump-check-privacy">
            {t('pumpChallenge.privacy')}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
