import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '@/lib/paths';
import { LoadError } from '@/components/feedback/LoadStates';
import { errorMessage, errorStatus } from '@/lib/api';
import { selectRole, selectUser } from '@/lib/auth';
import { formatDollars, maskCardNumber } from '@/lib/format';
import { notify } from '@/lib/notifier';
import { useAppSelector } from '@/lib/store';
import {
  useGetTransactionDetailQuery,
  useOpenReceiptMutation,
  type TransactionDetail,
  type TransactionScope,
} from '../api/transactions-api';
import { longUsDate, shownAmount } from '../model/formats';
import { openedFromList } from '../model/history';
import { CodingPanel } from './CodingPanel';
import { OverrideRequestStatusNote } from './OverrideRequestPanel';
import { PumpCheckFacts } from './PumpCheckField';
import { DeclinedChip, DeclineReason } from './TransactionRow';
import '@/lib/i18n/texts/transactions';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 1.25, justifyContent: 'space-between', alignItems: 'baseline' }}>
      <Typography color="textSecondary" sx={{ flexShrink: 0 }}>
        {label}
      </Typography>
      <Box sx={{ textAlign: 'right', minWidth: 0 }}>{children}</Box>
    </Stack>
  );
}

/** Driver, Driver ID, Date, Location, Card, Quantity (docs/product.md §2.8), plus the amounts. */
function DetailCard({ detail, scope }: { detail: TransactionDetail; scope: TransactionScope }) {
  const { t } = useTranslation('transactions');
  const declined = detail.status === 'DECLINED';
  return (
    <Card data-testid="transaction-detail">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 1, gap: 2 }}>
          <Box>
            {/* The page's one h1. */}
            <Typography variant="overline" component="h1" color="textSecondary">
              {t('row.id', { ref: detail.invoiceRef })}
            </Typography>
            <Typography variant="h2" component="p" sx={{ textDecoration: declined ? 'line-through' : undefined }}>
              {formatDollars(shownAmount(detail))}
            </Typography>
          </Box>
          {declined ? (
            <DeclinedChip />
          ) : (
            <Typography color="success" sx={{ fontWeight: 600 }}>
              {t('row.saved', { amount: formatDollars(detail.discAmount) })}
            </Typography>
          )}
        </Stack>
        {declined && (
          <Stack spacing={1} sx={{ mb: 1.5 }}>
            <DeclineReason transaction={detail} variant="body1" />
            {scope === 'driver' && <OverrideRequestStatusNote transactionId={detail.transactionId} />}
          </Stack>
        )}
        <Divider />
        <Field label={t('detail.driver')}>
          <Typography>{detail.driverCardName}</Typography>
        </Field>
        {scope === 'company' && (
          // Who held the card at this purchase: the card's history is the company's.
          <Field label={t('detail.holder')}>
            <Typography color={detail.holderName ? undefined : 'textSecondary'}>
              {detail.holderName ?? t('detail.noHolder')}
            </Typography>
          </Field>
        )}
        <Field label={t('detail.driverId')}>
          <Typography>{detail.driverId}</Typography>
        </Field>
        <Field label={t('detail.date')}>
          <Typography>{longUsDate(detail.transactionDate)}</Typography>
        </Field>
        <Field label={t('detail.location')}>
          <Typography>{detail.locationName}</Typography>
          <Typography variant="body2" color="textSecondary">
            {detail.locationAddress}
          </Typography>
        </Field>
        <Field label={t('detail.card')}>
          <Typography sx={{ fontFamily: 'monospace' }}>{maskCardNumber(detail.cardNumber)}</Typography>
        </Field>
        <Field label={t('detail.quantity')}>
          <Typography>
            {t('detail.gallons', { quantity: detail.fuelQuantity })}
            {/* A declined purchase bought nothing: no "best price" to claim. */}
            {!declined && (
              <>
                {' '}
                <Typography component="span" color="success" sx={{ fontWeight: 600 }}>
                  {t('detail.bestPrice')}
                </Typography>
              </>
            )}
          </Typography>
        </Field>
        {detail.productCode && (
          <Field label={t('detail.product')}>
            <Typography>{t(`products.${detail.productCode}`)}</Typography>
          </Field>
        )}
        {detail.netPrice !== undefined && detail.retailPrice !== undefined && (
          <Field label={t('detail.pricePerGallon')}>
            <Typography>
              {t('detail.netVersusRetail', { net: detail.netPrice.toFixed(3), retail: detail.retailPrice.toFixed(3) })}
            </Typography>
          </Field>
        )}
        {detail.authorization && <AuthorizationField authorization={detail.authorization} />}
        {detail.pumpCheck && (
          <Field label={t('pumpCheck.title')}>
            <PumpCheckFacts check={detail.pumpCheck} />
          </Field>
        )}
      </CardContent>
    </Card>
  );
}

/** The decision on the card authorization the purchase came from (owners; Stripe Issuing cards). */
function AuthorizationField({ authorization: a }: { authorization: NonNullable<TransactionDetail['authorization']> }) {
  const { t } = useTranslation('transactions');
  const ms = Math.round(a.latencyMs);
  return (
    <Field label={t('detail.authorization')}>
      <Typography data-testid="transaction-authorization">
        {a.approved
          ? t('detail.authorizationApproved', { amount: formatDollars(a.amount), requested: formatDollars(a.requested), ms })
          : t('detail.authorizationDeclined', { code: a.declineCode ?? '', ms })}
      </Typography>
      {a.rulesFired.length > 0 && (
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('detail.authorizationRules', { rules: a.rulesFired.join(', ') })}
        </Typography>
      )}
      {a.timedOut && (
        <Typography variant="body2" sx={{ color: 'warning.main' }}>
          {t('detail.authorizationTimedOut')}
        </Typography>
      )}
    </Field>
  );
}

/** Opens the purchase's printable e-receipt (approved purchases only) in the app's language. */
function ReceiptButton({ detail, scope }: { detail: TransactionDetail; scope: TransactionScope }) {
  const { t, i18n } = useTranslation('transactions');
  const [openReceipt, { isLoading }] = useOpenReceiptMutation();
  const open = async () => {
    try {
      await openReceipt({ scope, transactionId: detail.transactionId, language: i18n.language }).unwrap();
    } catch (error) {
      notify.error(errorMessage(error, t('detail.receiptFailed')));
    }
  };
  return (
    <Button
      variant="outlined"
      startIcon={isLoading ? <CircularProgress size={18} aria-hidden /> : <ReceiptLongIcon />}
      onClick={() => void open()}
      disabled={isLoading}
      sx={{ mt: 2 }}
      fullWidth
    >
      {t('detail.receipt')}
    </Button>
  );
}

function DetailBody({ scope, transactionId }: { scope: TransactionScope; transactionId: string }) {
  const { t } = useTranslation('transactions');
  const { data, isLoading, isFetching, error, refetch } = useGetTransactionDetailQuery({ scope, transactionId });
  if (isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common:loading')} />
      </Box>
    );
  }
  if (error || !data) {
    if (errorStatus(error) === 404) return <Alert severity="error">{t('detail.notFound')}</Alert>;
    return <LoadError onRetry={refetch} retrying={isFetching} />;
  }
  return (
    <>
      <DetailCard detail={data} scope={scope} />
      {data.status === 'APPROVED' && <CodingPanel detail={data} scope={scope} />}
      {data.status === 'APPROVED' && <ReceiptButton detail={data} scope={scope} />}
    </>
  );
}

/** Company view: any of the company's transactions (company/transactions/{id}). */
function CompanyTransactionDetail({ transactionId }: { transactionId: string }) {
  return <DetailBody scope="company" transactionId={transactionId} />;
}

/** Driver view: only the driver's own card (transactions/{id}). */
function DriverTransactionDetail({ transactionId }: { transactionId: string }) {
  return <DetailBody scope="driver" transactionId={transactionId} />;
}

/** /transactions/:transactionId (docs/product.md §2.8). */
export function TransactionDetailPage() {
  const { t } = useTranslation('transactions');
  const { transactionId = '' } = useParams<{ transactionId: string }>();
  const location = useLocation();
  const navigate = useNavigate();
  const role = useAppSelector(selectRole);
  const userLoaded = useAppSelector(selectUser) !== null;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 3 } }}>
      <Button
        component={ReactRouterLink}
        to={paths.transactions}
        // Opened from the list: back to it as it was (its filters are in its URL), not to a fresh list.
        onClick={(event: MouseEvent) => {
          if (!openedFromList(location.state)) return;
          event.preventDefault();
          void navigate(-1);
        }}
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 2 }}
      >
        {t('detail.back')}
      </Button>
      {!userLoaded ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      ) : role === 'ROLE_COMPANY' ? (
        <CompanyTransactionDetail transactionId={transactionId} />
      ) : (
        <DriverTransactionDetail transactionId={transactionId} />
      )}
    </Container>
  );
}
