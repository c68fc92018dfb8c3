import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, TextInput } from '@/components/form';
import { LoadError } from '@/components/feedback/LoadStates';
import { applyServerError, useZodForm } from '@/lib/forms';
import { notify } from '@/lib/notifier';
import { useGetLowBalanceQuery, useSetLowBalanceMutation } from '../api/dashboard-api';
import { LOW_BALANCE_MAX, lowBalanceSchema, thresholdText } from '../model/low-balance';
import '@/lib/i18n/texts/dashboard';

function Intro() {
  const { t } = useTranslation('dashboard');
  return (
    <DialogContentText variant="body2" sx={{ mb: 2 }}>
      {t('lowBalance.intro')}
    </DialogContentText>
  );
}

/** The threshold field with the dialog's actions, once the current threshold is loaded. */
function LowBalanceForm({ threshold, onClose }: { threshold: number | null; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const schema = useMemo(() => lowBalanceSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { threshold: thresholdText(threshold) } });
  const [save, { isLoading }] = useSetLowBalanceMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: { threshold: number | null }) => {
    setFailure(null);
    try {
      await save(values).unwrap();
      notify.success(t(values.threshold === null ? 'lowBalance.cleared' : 'lowBalance.saved'));
      onClose();
    } catch (error) {
      const formError = applyServerError(error, form.setError, ['threshold'], t('lowBalance.failed'));
      if (formError) setFailure(formError);
    }
  };

  return (
    <Form form={form} onSubmit={submit} aria-label={t('lowBalance.title')}>
      <DialogContent sx={{ pt: 0 }}>
        <Intro />
        <Stack spacing={2}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextInput
            name="threshold"
            label={t('lowBalance.threshold')}
            helperText={t('lowBalance.thresholdHint', { max: LOW_BALANCE_MAX.toLocaleString('en-US') })}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              htmlInput: { inputMode: 'decimal', 'data-testid': 'low-balance-threshold' },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          {t('lowBalance.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t('lowBalance.save')}
        </Button>
      </DialogActions>
    </Form>
  );
}

/**
 * The owner's form for the wallet's low-balance alert (GET|PUT /api/wex/company/wallet/low-balance),
 * opened from the wallet tile, with loading and error states; saving closes it with a toast.
 */
export function LowBalanceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { data, isError, isFetching, refetch } = useGetLowBalanceQuery();
  const titleId = useId();

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId} data-testid="low-balance-dialog">
      <DialogTitle id={titleId}>{t('lowBalance.title')}</DialogTitle>
      {data ? (
        <LowBalanceForm threshold={data.threshold ?? null} onClose={onClose} />
      ) : (
        <>
          <DialogContent sx={{ pt: 0 }}>
            <Intro />
            {isError ? (
              <LoadError message={t('lowBalance.loadFailed')} onRetry={refetch} retrying={isFetching} />
            ) : (
              <Skeleton variant="rounded" height={56} data-testid="low-balance-loading" aria-busy />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('lowBalance.cancel')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
