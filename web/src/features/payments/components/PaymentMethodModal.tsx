import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorStatus } from '@/lib/api';
import { selectUser, usePermissions } from '@/lib/auth';
import { notify } from '@/lib/notifier';
import { useAppSelector } from '@/lib/store';
import {
  paymentMethodType,
  useDetachPaymentMethodMutation,
  useGetPaymentsConfigQuery,
  useGetPaymentsWalletQuery,
  useGetSavedPaymentMethodsQuery,
  type PaymentIntentResult,
  type PaymentMethod,
} from '../api/payments-api';
import { queryFailure } from '../model/errors';
import { methodLabel } from '../model/method-label';
import { AchSetupStep } from './AchSetupStep';
import { AddFundsForm } from './AddFundsForm';
import { CardSetupStep } from './CardSetupStep';
import { PaymentSuccessDialog } from './PaymentSuccessDialog';
import { PaymentTypeChoice, type NewMethodType } from './PaymentTypeChoice';
import { RemoveMethodDialog } from './RemoveMethodDialog';
import { SavedMethodList } from './SavedMethodList';
import '@/lib/i18n/texts/payments';

/** Maximum height of the modal's list area (docs/product.md §2.9, §9). */
export const PAYMENT_MODAL_MAX_HEIGHT = 460;

export interface PaymentMethodModalProps {
  open: boolean;
  onClose: () => void;
}

/** Where the modal is: the saved list, the type choice, a setup form, the notice, or add funds. */
type Step =
  | { kind: 'start' }
  | { kind: 'list' }
  | { kind: 'choose' }
  | { kind: 'setup'; type: NewMethodType }
  | { kind: 'submitted'; bank: boolean }
  | { kind: 'addFunds' };

/**
 * Payment method modal and add funds (docs/product.md §2.9), opened from the dashboard wallet's
 * Add Funds / Pay Invoice button. Without Stripe keys on the server it says payments are
 * not configured and offers nothing else.
 */
export function PaymentMethodModal({ open, onClose }: PaymentMethodModalProps) {
  const { t } = useTranslation('payments');
  const user = useAppSelector(selectUser);
  const { can, role } = usePermissions();
  const mayChangeMethods = can('payment-methods.write');
  const config = useGetPaymentsConfigQuery(undefined, { skip: !open });
  const configured = config.data?.paymentsConfigured === true;
  const methods = useGetSavedPaymentMethodsQuery(undefined, { skip: !open || !configured, refetchOnMountOrArgChange: true });
  const wallet = useGetPaymentsWalletQuery(undefined, { skip: !open || !configured });
  const [detach, { isLoading: removing }] = useDetachPaymentMethodMutation();

  const [step, setStep] = useState<Step>({ kind: 'start' });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [toRemove, setToRemove] = useState<PaymentMethod | null>(null);
  const [paid, setPaid] = useState<{ payment: PaymentIntentResult; bank: boolean } | null>(null);

  const saved = methods.data ?? [];
  const selected = saved.find((method) => method.id === selectedId) ?? saved.find((method) => method.isDefault) ?? saved[0];
  // 'start' resolves to the list when there are saved methods, else to the type choice.
  let current: Step = step;
  if (methods.isSuccess && (step.kind === 'start' || (step.kind === 'list' && saved.length === 0))) {
    current = saved.length > 0 ? { kind: 'list' } : { kind: 'choose' };
  }

  const payInvoice = wallet.data?.canPayByInvoice === true;
  const actionTitle = payInvoice ? t('payInvoiceTitle') : t('addFundsTitle');
  const owed = payInvoice && wallet.data && wallet.data.balance < 0 ? (-wallet.data.balance).toFixed(2) : '';
  const publishableKey = config.data?.stripePublishableKey ?? '';

  const remove = async () => {
    if (!toRemove) return;
    try {
      await detach({ paymentMethodId: toRemove.id, paymentMethodType: paymentMethodType(toRemove) }).unwrap();
      notify.success(t('removed'));
      if (selectedId === toRemove.id) setSelectedId(null);
    } catch {
      notify.error(t('errors.removeFailed'));
    } finally {
      setToRemove(null);
    }
  };

  const afterSetup = (bank: boolean) => {
    setStep({ kind: 'submitted', bank });
    void methods.refetch();
  };

  const back = (() => {
    switch (current.kind) {
      case 'choose':
        return saved.length > 0 ? () => setStep({ kind: 'list' }) : undefined;
      case 'setup':
        return () => setStep({ kind: 'choose' });
      default: // add funds has its own Back button
        return undefined;
    }
  })();

  const title = current.kind === 'addFunds' ? actionTitle : t('modalTitle');

  let body: React.ReactNode;
  let actions: React.ReactNode = (
    <Button onClick={onClose} color="inherit">
      {t('close')}
    </Button>
  );
  if (config.isLoading || (configured && methods.isLoading)) {
    body = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 3 }} role="status">
        <CircularProgress aria-hidden size={24} />
        <Typography color="textSecondary">{t('loading')}</Typography>
      </Stack>
    );
  } else if (!configured || errorStatus(methods.error) === 503) {
    body = config.isError ? (
      <Alert severity="error">{t('errors.loadFailed')}</Alert>
    ) : (
      <Alert severity="warning" data-testid="payments-not-configured">
        <AlertTitle>{t('errors.notConfigured')}</AlertTitle>
        {t('notConfiguredHint')}
      </Alert>
    );
  } else if (methods.isError) {
    // 403, 429 and 5xx have their own texts (docs/product.md §8); anything else failed to load.
    const failure = queryFailure(methods.error, t('errors.loadFailed'));
    const specific = failure.status === 403 || failure.status === 429 || (failure.status ?? 0) >= 500;
    body = <Alert severity="error">{specific ? failure.message : t('errors.loadFailed')}</Alert>;
    actions = (
      <>
        <Button onClick={onClose} color="inherit">
          {t('close')}
        </Button>
        <Button variant="contained" onClick={() => void methods.refetch()}>
          {t('retry')}
        </Button>
      </>
    );
  } else {
    switch (current.kind) {
      case 'list':
        body = (
          <SavedMethodList
            methods={saved}
            selectedId={selected?.id ?? null}
            onSelect={setSelectedId}
            onRemove={mayChangeMethods ? setToRemove : undefined}
          />
        );
        actions = (
          <>
            {mayChangeMethods && (
              <Button onClick={() => setStep({ kind: 'choose' })} color="inherit">
                {t('addNewMethod')}
              </Button>
            )}
            <Button variant="contained" disabled={!selected} onClick={() => setStep({ kind: 'addFunds' })}>
              {t('useSelected')}
            </Button>
          </>
        );
        break;
      case 'choose':
        // A role that may fund the wallet but not add payment methods is told why there is nothing to choose.
        body = mayChangeMethods ? (
          <PaymentTypeChoice onChoose={(type) => setStep({ kind: 'setup', type })} />
        ) : (
          <Alert severity="info" data-testid="payment-methods-by-owners">
            {t('common:permissions.cannot', {
              role: t(`common:permissions.roles.${role ?? 'owner'}`),
              what: t('common:permissions.actions.payment-methods.write'),
            })}
          </Alert>
        );
        break;
      case 'setup':
        body =
          current.type === 'ach' ? (
            <AchSetupStep publishableKey={publishableKey} defaultEmail={user?.email ?? ''} onSaved={() => afterSetup(true)} />
          ) : (
            <CardSetupStep funding={current.type} publishableKey={publishableKey} onSaved={() => afterSetup(false)} />
          );
        break;
      case 'submitted':
        body = (
          <Alert severity="success">
            <AlertTitle>{t('submitted.title')}</AlertTitle>
            {current.bank && <Typography variant="body2">{t('ach.initiated')}</Typography>}
            <Typography variant="body2">{t('submitted.bankNote')}</Typography>
          </Alert>
        );
        actions = (
          <Button variant="contained" onClick={() => setStep({ kind: 'start' })}>
            {t('submitted.backToList')}
          </Button>
        );
        break;
      case 'addFunds':
        body = (
          <AddFundsForm
            method={selected}
            submitLabel={payInvoice ? t('payInvoiceTitle') : t('addFunds.submit')}
            defaultAmount={owed}
            publishableKey={publishableKey}
            onBack={() => setStep({ kind: 'list' })}
            onPaid={(payment) => setPaid({ payment, bank: selected?.type === 'us_bank_account' })}
          />
        );
        actions = null;
        break;
      default:
        body = null;
    }
  }

  if (paid) {
    return <PaymentSuccessDialog payment={paid.payment} bank={paid.bank} onClose={onClose} />;
  }

  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="payment-modal-title">
        <DialogTitle id="payment-modal-title">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {back && (
              <IconButton aria-label={t('back')} onClick={back} edge="start" size="small">
                <ArrowBackIcon />
              </IconButton>
            )}
            <span>{title}</span>
          </Stack>
        </DialogTitle>
        <DialogContent>
          <Box sx={{ maxHeight: PAYMENT_MODAL_MAX_HEIGHT, overflowY: 'auto', pt: 1 }} data-testid="payment-modal-body">
            {body}
          </Box>
        </DialogContent>
        {actions && <DialogActions sx={{ px: 3, pb: 2 }}>{actions}</DialogActions>}
      </Dialog>
      {toRemove && (
        <RemoveMethodDialog label={methodLabel(toRemove, t)} removing={removing} onCancel={() => setToRemove(null)} onConfirm={() => void remove()} />
      )}
    </>
  );
}
