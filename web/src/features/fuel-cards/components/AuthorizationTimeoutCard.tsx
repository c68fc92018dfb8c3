import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/feedback/LoadStates';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notifier';
import {
  useGetAuthorizationSettingsQuery,
  useSaveAuthorizationSettingsMutation,
  type AuthorizationSettings,
} from '../api/controls-api';
import '@/lib/i18n/texts/account';

type OnTimeout = AuthorizationSettings['onTimeout'];
const CHOICES: OnTimeout[] = ['decline', 'approve'];

/**
 * The company's answer to a card authorization the portal cannot decide within its deadline
 * (GET|PUT /api/wex/company/authorization-settings; docs/issuing.md, Deadline): saved as soon as
 * the owner picks it, the choice shown as saved only once the server agrees.
 */
export function AuthorizationTimeoutCard() {
  // The texts live in the account namespace: a company setting, in English and Spanish.
  const { t } = useTranslation('account');
  const { data, isLoading, isError, isFetching, refetch } = useGetAuthorizationSettingsQuery();
  const [save, { isLoading: saving, originalArgs }] = useSaveAuthorizationSettingsMutation();
  const shown = saving && originalArgs ? originalArgs.onTimeout : data?.onTimeout;

  const choose = async (onTimeout: OnTimeout) => {
    try {
      await save({ onTimeout }).unwrap();
      notify.success(t('authorizationTimeout.saved'));
    } catch (error) {
      notify.error(errorMessage(error, t('authorizationTimeout.saveFailed')));
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="authorization-timeout-title" data-testid="authorization-timeout">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="h3" component="h2" id="authorization-timeout-title">
          {t('authorizationTimeout.title')}
        </Typography>
        {isLoading && <Skeleton variant="rounded" height={72} aria-label={t('common:loading')} />}
        {isError && !data && <LoadError onRetry={refetch} retrying={isFetching} />}
        {shown && (
          <>
            <FormLabel id="authorization-timeout-label">{t('authorizationTimeout.label')}</FormLabel>
            <RadioGroup
              aria-labelledby="authorization-timeout-label"
              value={shown}
              onChange={(_event, value) => void choose(value as OnTimeout)}
            >
              {CHOICES.map((choice) => (
                <FormControlLabel
                  key={choice}
                  value={choice}
                  control={<Radio />}
                  label={t(`authorizationTimeout.${choice}`)}
                  disabled={saving}
                  sx={{ overflowWrap: 'anywhere' }}
                />
              ))}
            </RadioGroup>
            <Typography variant="body2" color="textSecondary">
              {t('authorizationTimeout.hint')}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}
