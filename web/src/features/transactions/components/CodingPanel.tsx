import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api';
import { usePermissions } from '@/lib/auth';
import { notify } from '@/lib/notifier';
import {
  useSetTransactionCodingMutation,
  useSetTransactionJobMutation,
  type Coding,
  type TransactionDetail,
  type TransactionScope,
} from '../api/transactions-api';
import '@/lib/i18n/texts/transactions';

const FIELDS = ['account', 'class', 'job', 'memo'] as const;
const MAX = { account: 100, class: 100, job: 100, memo: 500 } as const;
const EMPTY: Coding = { account: '', class: '', job: '', memo: '' };

/** The office codes the purchase: account, class, job, memo (transactions.code). */
function CodingForm({ detail }: { detail: TransactionDetail }) {
  const { t } = useTranslation('transactions');
  const [coding, setCoding] = useState<Coding>(detail.coding ?? EMPTY);
  const [save, { isLoading }] = useSetTransactionCodingMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save({ transactionId: detail.transactionId, coding }).unwrap();
      notify.success(t('coding.saved'));
    } catch (error) {
      notify.error(errorMessage(error, t('coding.saveFailed')));
    }
  };
  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} aria-label={t('coding.title')}>
      {FIELDS.map((field) => (
        <TextField
          key={field}
          label={t(`coding.${field}`)}
          value={coding[field]}
          onChange={(event) => setCoding({ ...coding, [field]: event.target.value })}
          slotProps={{ htmlInput: { maxLength: MAX[field] } }}
          multiline={field === 'memo'}
          error={field === 'job' && Boolean(detail.missingJob) && coding.job.trim() === ''}
          helperText={field === 'job' && detail.missingJob ? t('coding.jobRequired') : undefined}
          fullWidth
        />
      ))}
      <Button type="submit" variant="contained" disabled={isLoading}>
        {t('coding.save')}
      </Button>
    </Stack>
  );
}

/** The driver gives the job their card requires, after the purchase. */
function JobPrompt({ detail }: { detail: TransactionDetail }) {
  const { t } = useTranslation('transactions');
  const [job, setJob] = useState('');
  const [save, { isLoading }] = useSetTransactionJobMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save({ transactionId: detail.transactionId, job }).unwrap();
      notify.success(t('coding.jobSaved'));
    } catch (error) {
      notify.error(errorMessage(error, t('coding.saveFailed')));
    }
  };
  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} aria-label={t('coding.jobPrompt')}>
      <Alert severity="warning">{t('coding.jobPrompt')}</Alert>
      <TextField
        label={t('coding.job')}
        value={job}
        onChange={(event) => setJob(event.target.value)}
        slotProps={{ htmlInput: { maxLength: MAX.job } }}
        required
        fullWidth
      />
      <Button type="submit" variant="contained" disabled={isLoading || job.trim() === ''}>
        {t('coding.saveJob')}
      </Button>
    </Stack>
  );
}

function CodingSummary({ coding }: { coding: Coding }) {
  const { t } = useTranslation('transactions');
  const set = FIELDS.filter((field) => coding[field] !== '');
  if (set.length === 0) return <Typography color="textSecondary">{t('coding.none')}</Typography>;
  return (
    <Stack spacing={0.5}>
      {set.map((field) => (
        <Typography key={field} sx={{ overflowWrap: 'anywhere' }}>
          <Typography component="span" color="textSecondary">
            {t(`coding.${field}`)}:{' '}
          </Typography>
          {coding[field]}
        </Typography>
      ))}
    </Stack>
  );
}

/** How an approved purchase is booked: editable by the office roles that code, the job asked of the driver when the card requires one. */
export function CodingPanel({ detail, scope }: { detail: TransactionDetail; scope: TransactionScope }) {
  const { t } = useTranslation('transactions');
  const { can } = usePermissions();
  let body = <CodingSummary coding={detail.coding ?? EMPTY} />;
  if (scope === 'company' && can('transactions.code')) body = <CodingForm key={detail.transactionId} detail={detail} />;
  else if (scope === 'driver' && detail.missingJob) body = <JobPrompt detail={detail} />;
  return (
    <Card sx={{ mt: 2 }} data-testid="transaction-coding">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('coding.title')}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
