import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notifier';
import type { Trip, TripRequest, TripRequestKind } from '../api/trip-types';
import { useDecideTripRequestMutation, useGetTripRequestsQuery, useRequestTripEndMutation } from '../api/trips-api';
import { formatDateTime } from '../model/format';
import { ReplanDialog } from './ReplanDialog';
import '@/lib/i18n/texts/trips';

/** The request message's bound (TripEndRequestCreate.message). */
const MESSAGE_MAX = 500;

/** The newest request of each kind (the list is newest first). */
function newestByKind(requests: readonly TripRequest[]): Partial<Record<TripRequestKind, TripRequest>> {
  const out: Partial<Record<TripRequestKind, TripRequest>> = {};
  for (const request of requests) out[request.kind] ??= request;
  return out;
}

function EndRequestDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('trips');
  const titleId = useId();
  const [message, setMessage] = useState('');
  const [ask, { isLoading }] = useRequestTripEndMutation();
  const send = async () => {
    try {
      await ask({ id: trip.id, ...(message.trim() ? { message: message.trim() } : {}) }).unwrap();
      notify.success(t('requests.sent'));
      setMessage('');
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, t('requests.failed')));
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('requests.endTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('requests.endText')}</DialogContentText>
        <TextField
          label={t('requests.message')}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="contained" onClick={() => void send()} disabled={isLoading}>
          {t('requests.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Where the driver's newest request of a kind stands; nothing once closed by the trip's end. */
function RequestState({ request }: { request: TripRequest }) {
  const { t } = useTranslation('trips');
  const what = t(`requests.kind.${request.kind}`);
  if (request.status === 'PENDING') {
    return (
      <Alert severity="info" data-testid="trip-request-state" data-status="PENDING">
        {t('requests.pending', { what, when: formatDateTime(request.createdAt) })}
      </Alert>
    );
  }
  if (request.status === 'DENIED') {
    return (
      <Alert severity="warning" data-testid="trip-request-state" data-status="DENIED">
        {t('requests.denied', { what })}
      </Alert>
    );
  }
  if (request.status === 'APPROVED' && request.kind === 'REPLAN') {
    return (
      <Alert severity="success" data-testid="trip-request-state" data-status="APPROVED">
        {t('requests.replanApproved', { version: request.planVersion ?? '' })}
      </Alert>
    );
  }
  return null;
}

/**
 * A driver's actions on a trip their fleet manager locked: they ask to re-plan or end it
 * (the owner decides), and see where their requests stand.
 */
export function DriverLockedTripActions({ trip }: { trip: Trip }) {
  const { t } = useTranslation('trips');
  const [replanOpen, setReplanOpen] = useState(false);
  const [endOpen, setEndOpen] = useState(false);
  const { data: requests = [] } = useGetTripRequestsQuery(trip.id);
  const newest = newestByKind(requests);
  const pending = (kind: TripRequestKind) => newest[kind]?.status === 'PENDING';
  return (
    <Stack spacing={1.5} data-testid="locked-trip-actions">
      <Typography variant="body2" color="textSecondary">
        {t('requests.lockedHint')}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" disabled={pending('REPLAN')} onClick={() => setReplanOpen(true)}>
          {t('requests.askReplan')}
        </Button>
        <Button variant="outlined" disabled={pending('END')} onClick={() => setEndOpen(true)}>
          {t('requests.askEnd')}
        </Button>
      </Stack>
      {(['END', 'REPLAN'] as const).map((kind) => {
        const request = newest[kind];
        return request ? <RequestState key={kind} request={request} /> : null;
      })}
      <ReplanDialog trip={trip} open={replanOpen} onClose={() => setReplanOpen(false)} asRequest />
      <EndRequestDialog trip={trip} open={endOpen} onClose={() => setEndOpen(false)} />
    </Stack>
  );
}

function OwnerDecision({ trip, request }: { trip: Trip; request: TripRequest }) {
  const { t } = useTranslation('trips');
  const [decide, { isLoading }] = useDecideTripRequestMutation();
  const run = async (decision: 'approve' | 'deny') => {
    try {
      await decide({ id: request.id, tripId: trip.id, decision }).unwrap();
      notify.success(t(`requests.decided.${decision}.${request.kind}`));
    } catch (error) {
      notify.error(errorMessage(error, t('requests.failed')));
    }
  };
  return (
    <Stack spacing={1} component="li" data-testid="owner-trip-request" sx={{ listStyle: 'none' }}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        {t(`requests.asks.${request.kind}`, { name: request.driverName || t('requests.driver') })}
        {request.message && ` “${request.message}”`}
      </Typography>
      <Typography variant="caption" color="textSecondary">
        {formatDateTime(request.createdAt)}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" color="success" disabled={isLoading} onClick={() => void run('approve')}>
          {t(`requests.approve.${request.kind}`)}
        </Button>
        <Button variant="outlined" color="error" disabled={isLoading} onClick={() => void run('deny')}>
          {t('requests.deny')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The driver's pending requests on a trip, for the owner to approve or deny (nothing when none). */
export function OwnerTripRequests({ trip }: { trip: Trip }) {
  const { t } = useTranslation('trips');
  const { data: requests = [] } = useGetTripRequestsQuery(trip.id);
  const pending = requests.filter((request) => request.status === 'PENDING');
  if (pending.length === 0) return null;
  return (
    <Card component="section" aria-label={t('requests.ownerTitle')} sx={{ borderColor: 'warning.main' }}>
      <CardContent>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          {t('requests.ownerTitle')}
        </Typography>
        <Stack component="ul" spacing={2} sx={{ m: 0, p: 0 }}>
          {pending.map((request) => (
            <OwnerDecision key={request.id} trip={trip} request={request} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
