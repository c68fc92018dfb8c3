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
import { useGetCompanyContractQuery, useSetPlannerCostsMutation, type Contract, type PlannerCosts } from '../api/dashboard-api';
import { costText, plannerCostsSchema } from '../model/planner-costs';
import '@/lib/i18n/texts/dashboard';

const FIELDS = ['outOfRouteCostPerMile', 'costPerStop'] as const;

function Intro() {
  const { t } = useTranslation('dashboard');
  return (
    <DialogContentText variant="body2" sx={{ mb: 2 }}>
      {t('plannerCosts.intro')}
    </DialogContentText>
  );
}

/** The two fields with the dialog's actions, once the contract is loaded. */
function PlannerCostsForm({ contract, onClose }: { contract: Contract; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const schema = useMemo(() => plannerCostsSchema(t), [t]);
  const form = useZodForm(schema, {
    defaultValues: { outOfRouteCostPerMile: costText(contract.outOfRouteCostPerMile), costPerStop: costText(contract.costPerStop) },
  });
  const [save, { isLoading }] = useSetPlannerCostsMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: PlannerCosts) => {
    setFailure(null);
    try {
      await save(values).unwrap();
      notify.success(t('plannerCosts.saved'));
      onClose();
    } catch (error) {
      const formError = applyServerError(error, form.setError, FIELDS, t('plannerCosts.failed'));
      if (formError) setFailure(formError);
    }
  };

  const dollars = { startAdornment: <InputAdornment position="start">$</InputAdornment> };
  return (
    <Form form={form} onSubmit={submit} aria-label={t('plannerCosts.title')}>
      <DialogContent sx={{ pt: 0 }}>
        <Intro />
        <Stack spacing={2}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextInput
            name="outOfRouteCostPerMile"
            label={t('plannerCosts.perMile')}
            helperText={t('plannerCosts.perMileHint')}
            slotProps={{ input: dollars, htmlInput: { inputMode: 'decimal', 'data-testid': 'planner-cost-per-mile' } }}
          />
          <TextInput
            name="costPerStop"
            label={t('plannerCosts.perStop')}
            helperText={t('plannerCosts.perStopHint')}
            slotProps={{ input: dollars, htmlInput: { inputMode: 'decimal', 'data-testid': 'planner-cost-per-stop' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          {t('plannerCosts.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t('plannerCosts.save')}
        </Button>
      </DialogActions>
    </Form>
  );
}

interface PlannerCostsDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The owner's form for the contract's fuel planner costs (out-of-route cost per mile, cost per
 * stop; docs/decisions.md), opened from the wallet tile. It loads the contract itself, with
 * loading and error states; saving closes it with a toast. Fields stack, so it fits a phone.
 */
export function PlannerCostsDialog({ open, onClose }: PlannerCostsDialogProps) {
  const { t } = useTranslation('dashboard');
  const { data: contract, isError, isFetching, refetch } = useGetCompanyContractQuery();
  const titleId = useId();

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId} data-testid="planner-costs-dialog">
      <DialogTitle id={titleId}>{t('plannerCosts.title')}</DialogTitle>
      {contract ? (
        <PlannerCostsForm contract={contract} onClose={onClose} />
      ) : (
        <>
          <DialogContent sx={{ pt: 0 }}>
            <Intro />
            {isError ? (
              <LoadError message={t('plannerCosts.loadFailed')} onRetry={refetch} retrying={isFetching} />
            ) : (
              <Stack spacing={2} data-testid="planner-costs-loading" aria-busy>
                <Skeleton variant="rounded" height={56} />
                <Skeleton variant="rounded" height={56} />
              </Stack>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('plannerCosts.cancel')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
