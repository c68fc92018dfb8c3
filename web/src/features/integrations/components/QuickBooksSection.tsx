import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError, LoadingRows } from '@/components/feedback/LoadStates';
import { errorMessage } from '@/lib/api';
import { viewerTime } from '@/lib/format';
import { notify } from '@/lib/notifier';
import {
  type QuickBooksAccount,
  type QuickBooksPushRun,
  type QuickBooksStatus,
  useConnectQuickBooksMutation,
  useDisconnectQuickBooksMutation,
  useGetQuickBooksAccountsQuery,
  useGetQuickBooksQuery,
  usePushToQuickBooksMutation,
  useSaveQuickBooksMappingMutation,
} from '../api/quickbooks-api';
import '@/lib/i18n/texts/quickbooks';
import '@/lib/i18n/texts/transactions';

const products = ['DSL', 'RFR', 'DEF', 'GAS', 'OTH'] as const;
const when = (iso: string) => viewerTime(iso).format('MMM D, h:mm A');

/** QuickBooks Online: connect at Intuit, map products and the card program to accounts, send purchases, see failures, disconnect. */
export function QuickBooksSection() {
  const { t } = useTranslation('quickbooks');
  const { data, isLoading, isFetching, isError, refetch } = useGetQuickBooksQuery();
  return (
    <Card component="section" aria-labelledby="quickbooks-title">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <AccountBalanceIcon color="primary" />
          <Typography variant="h2" id="quickbooks-title">
            {t('title')}
          </Typography>
        </Stack>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        <CallbackResult />
        {isLoading && <LoadingRows rows={2} height={72} />}
        {isError && !data && <LoadError onRetry={refetch} retrying={isFetching} message={t('loadFailed')} />}
        {data && !data.configured && (
          <Alert severity="info" data-testid="quickbooks-not-configured">
            {t('notConfigured')}
          </Alert>
        )}
        {data?.configured && !data.connected && <ConnectButton />}
        {data?.configured && data.connected && <Connected status={data} />}
      </CardContent>
    </Card>
  );
}

/** What Intuit's redirect brought back (?quickbooks=connected|denied|error&message=…), until dismissed. */
function CallbackResult() {
  const { t } = useTranslation('quickbooks');
  const [search, setSearch] = useSearchParams();
  const result = search.get('quickbooks');
  if (!result) return null;
  const dismiss = () => {
    const next = new URLSearchParams(search);
    next.delete('quickbooks');
    next.delete('message');
    setSearch(next, { replace: true });
  };
  const severity = result === 'connected' ? 'success' : result === 'denied' ? 'info' : 'error';
  const text =
    result === 'connected' ? t('result.connected') : result === 'denied' ? t('result.denied') : t('result.error', { message: search.get('message') ?? '' });
  return (
    <Alert severity={severity} onClose={dismiss} sx={{ mb: 2, overflowWrap: 'anywhere' }} data-testid="quickbooks-result">
      {text}
    </Alert>
  );
}

function ConnectButton() {
  const { t } = useTranslation('quickbooks');
  const [connect, { isLoading }] = useConnectQuickBooksMutation();
  const go = async () => {
    try {
      const { url } = await connect().unwrap();
      window.location.assign(url);
    } catch (error) {
      notify.error(errorMessage(error, t('failed')));
    }
  };
  return (
    <Button variant="contained" onClick={() => void go()} disabled={isLoading}>
      {t('connect')}
    </Button>
  );
}

function Connected({ status }: { status: QuickBooksStatus }) {
  const { t } = useTranslation('quickbooks');
  const [disconnecting, setDisconnecting] = useState(false);
  return (
    <Stack spacing={2}>
      <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip size="small" color="success" label={t('connected')} />
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('realm', { realm: status.realmId ?? '' })}
          {status.connectedAt ? ` · ${t('since', { when: when(status.connectedAt) })}` : ''}
        </Typography>
      </Stack>
      <MappingForm status={status} />
      <PushForm />
      <LastPush status={status} />
      <Box>
        <Button color="error" sx={{ color: 'error.light' }} onClick={() => setDisconnecting(true)}>
          {t('disconnect')}
        </Button>
      </Box>
      {disconnecting && <DisconnectDialog onClose={() => setDisconnecting(false)} />}
    </Stack>
  );
}

/** Which QuickBooks account each product is booked to, and the account the card program pays from. */
function MappingForm({ status }: { status: QuickBooksStatus }) {
  const { t } = useTranslation('quickbooks');
  const { t: tx } = useTranslation('transactions');
  const { data: accounts, isLoading, isFetching, isError, refetch } = useGetQuickBooksAccountsQuery();
  const [save, { isLoading: saving }] = useSaveQuickBooksMappingMutation();
  const [productAccounts, setProductAccounts] = useState<Record<string, string>>(status.mapping.products ?? {});
  const [payment, setPayment] = useState(status.mapping.paymentAccount ?? '');
  const [error, setError] = useState<string | null>(null);
  if (isLoading) return <LoadingRows rows={2} height={56} />;
  if (isError || !accounts) return <LoadError onRetry={refetch} retrying={isFetching} message={t('accountsFailed')} />;
  const expense = accounts.filter((a) => !isPaymentType(a));
  const paying = accounts.filter(isPaymentType);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!payment) {
      setError(t('mapping.paymentRequired'));
      return;
    }
    const chosen = Object.fromEntries(Object.entries(productAccounts).filter(([, id]) => id !== ''));
    try {
      await save({ products: chosen, paymentAccount: payment }).unwrap();
      setError(null);
      notify.success(t('mapping.saved'));
    } catch (err) {
      setError(errorMessage(err, t('failed')));
    }
  };
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="quickbooks-mapping-title">
      <Typography variant="h3" id="quickbooks-mapping-title" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {t('mapping.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <AccountSelect
          label={t('mapping.payment')}
          value={payment}
          accounts={paying.length > 0 ? paying : accounts}
          onChange={setPayment}
          testId="quickbooks-payment"
          none={t('mapping.choose')}
          hint={t('mapping.paymentHint')}
        />
        {products.map((code) => (
          <AccountSelect
            key={code}
            label={tx(`products.${code}`)}
            value={productAccounts[code] ?? ''}
            accounts={expense.length > 0 ? expense : accounts}
            onChange={(id) => setProductAccounts((current) => ({ ...current, [code]: id }))}
            testId={`quickbooks-product-${code}`}
            none={t('mapping.none')}
          />
        ))}
      </Box>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
          {error}
        </Alert>
      )}
      <Button type="submit" variant="outlined" sx={{ mt: 2 }} disabled={saving}>
        {t('mapping.save')}
      </Button>
    </Box>
  );
}

function isPaymentType(a: QuickBooksAccount): boolean {
  return a.type === 'Credit Card' || a.type === 'Bank';
}

function AccountSelect(props: {
  label: string;
  value: string;
  accounts: QuickBooksAccount[];
  onChange: (id: string) => void;
  testId: string;
  none: string;
  hint?: string;
}) {
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      helperText={props.hint}
      slotProps={{ htmlInput: { 'data-testid': props.testId } }}
    >
      <MenuItem value="">
        <em>{props.none}</em>
      </MenuItem>
      {props.accounts.map((a) => (
        <MenuItem key={a.id} value={a.id} sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
          {a.fullName || a.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Send the purchases of a date range now (the server also sends the last week's every day). */
function PushForm() {
  const { t } = useTranslation('quickbooks');
  const [push, { isLoading }] = usePushToQuickBooksMutation();
  const [from, setFrom] = useState(dayjs().startOf('month').format('YYYY-MM-DD'));
  const [to, setTo] = useState(dayjs().format('YYYY-MM-DD'));
  const [result, setResult] = useState<QuickBooksPushRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      setResult(await push({ from, to }).unwrap());
    } catch (err) {
      setResult(null);
      setError(errorMessage(err, t('failed')));
    }
  };
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="quickbooks-push-title">
      <Typography variant="h3" id="quickbooks-push-title" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {t('push.title')}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          type="date"
          size="small"
          label={t('push.from')}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'quickbooks-from' } }}
          sx={{ flex: '1 1 140px' }}
        />
        <TextField
          type="date"
          size="small"
          label={t('push.to')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'quickbooks-to' } }}
          sx={{ flex: '1 1 140px' }}
        />
        <Button type="submit" variant="contained" disabled={isLoading || !from || !to}>
          {isLoading ? t('push.sending') : t('push.send')}
        </Button>
      </Stack>
      {result && (
        <Alert severity={result.failed > 0 ? 'warning' : 'success'} sx={{ mt: 2 }} data-testid="quickbooks-push-result">
          {t('push.result', { created: result.created, found: result.alreadyInQuickBooks, failed: result.failed })}
        </Alert>
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2, overflowWrap: 'anywhere' }} data-testid="quickbooks-push-error">
          {error}
        </Alert>
      )}
    </Box>
  );
}

function LastPush({ status }: { status: QuickBooksStatus }) {
  const { t } = useTranslation('quickbooks');
  const last = status.lastPush;
  return (
    <Stack spacing={1} data-testid="quickbooks-last-push">
      <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
        {last
          ? t('lastPush', { when: when(last.at), from: last.from, to: last.to, created: last.created, found: last.alreadyInQuickBooks, failed: last.failed })
          : t('neverPushed')}
        {` ${t('pushed', { count: status.pushed })}`}
      </Typography>
      {status.lastError && (
        <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
          {status.lastError}
        </Alert>
      )}
      {status.failures.length > 0 && (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('failures')}
          </Typography>
          <Box component="ul" aria-label={t('failures')} sx={{ pl: 2, my: 0.5 }} data-testid="quickbooks-failures">
            {status.failures.map((f) => (
              <Typography component="li" variant="body2" key={f.transactionId} sx={{ overflowWrap: 'anywhere' }}>
                {t('failure', { id: f.transactionId, error: f.error, when: when(f.at) })}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}

function DisconnectDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('quickbooks');
  const [disconnect, { isLoading }] = useDisconnectQuickBooksMutation();
  const run = async () => {
    try {
      await disconnect().unwrap();
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, t('failed')));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="quickbooks-disconnect-title">
      <DialogTitle id="quickbooks-disconnect-title">{t('disconnectTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('disconnectExplain')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" color="error" disabled={isLoading} onClick={() => void run()}>
          {t('disconnect')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
