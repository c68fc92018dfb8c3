import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { SubmitButton } from '@/components/form';
import { errorMessage, fieldErrors } from '@/lib/api';
import { selectRole, selectUser } from '@/lib/auth';
import { formatDollars, maskCardNumber } from '@/lib/format';
import { tripDetailPath } from '@/lib/paths';
import { useAppSelector } from '@/lib/store';
import type { CreateTripRequest, Trip } from '../api/trip-types';
import { useCreateTripMutation, useGetTripCardOptionsQuery } from '../api/trips-api';
import '@/lib/i18n/texts/trips';

/** What the planner knows of the plan to save: everything but the card and the lock. */
export type PlannedTrip = Omit<CreateTripRequest, 'cardNumber' | 'lockCard'>;

function SavedTrip({ trip, onClose }: { trip: Trip; onClose: () => void }) {
  const { t } = useTranslation('trips');
  return (
    <>
      <DialogContent sx={{ pt: 0 }}>
        <Alert severity="success" data-testid="trip-saved">
          <Typography sx={{ fontWeight: 600 }}>{t('save.saved')}</Typography>
          <Typography variant="body2">{t('list.route', { origin: trip.originName, destination: trip.destinationName })}</Typography>
          <Typography variant="body2">
            {maskCardNumber(trip.cardNumber)} · {t('list.stops', { count: trip.plan.fuelPlan.length, cost: formatDollars(trip.plan.totalCost) })}
            {trip.lockCard && ` · ${t('list.locked')}`}
          </Typography>
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
        <Button variant="contained" component={ReactRouterLink} to={tripDetailPath(trip.id)}>
          {t('save.view')}
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * "Save as trip" under a computed plan: the owner picks any company card, a driver saves on
 * their own card; the switch locks the card to the plan (POST /api/trips).
 */
export function SaveTripButton({ planned }: { planned: PlannedTrip }) {
  const { t } = useTranslation('trips');
  const titleId = useId();
  const owner = useAppSelector(selectRole) === 'ROLE_COMPANY';
  const ownCard = useAppSelector(selectUser)?.cardNumber ?? null;
  const [open, setOpen] = useState(false);
  const [cardNumber, setCardNumber] = useState('');
  const [lockCard, setLockCard] = useState(false);
  const [cardError, setCardError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [saved, setSaved] = useState<Trip | null>(null);
  const cards = useGetTripCardOptionsQuery(owner && open ? undefined : skipToken);
  const [createTrip, { isLoading }] = useCreateTripMutation();

  const chosenCard = owner ? cardNumber : (ownCard ?? '');
  const close = () => {
    setOpen(false);
    setSaved(null);
    setFormError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosenCard) {
      setCardError(t('save.cardRequired'));
      return;
    }
    setFormError(undefined);
    try {
      setSaved(await createTrip({ ...planned, cardNumber: chosenCard, lockCard }).unwrap());
    } catch (error) {
      console.warn('Saving the trip failed', error);
      // The owner's card field shows its own error; everything else goes above the buttons.
      const byField = fieldErrors(error);
      if (owner && byField?.cardNumber) {
        setCardError(byField.cardNumber);
        const others = Object.entries(byField).filter(([field]) => field !== 'cardNumber');
        if (others.length > 0) setFormError(others.map(([, message]) => message).join(', '));
        return;
      }
      setFormError(errorMessage(error, t('save.failed')));
    }
  };

  return (
    <>
      <Button variant="contained" startIcon={<BookmarkAddIcon />} onClick={() => setOpen(true)} fullWidth>
        {t('save.button')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>{t('save.title')}</DialogTitle>
        {saved ? (
          <SavedTrip trip={saved} onClose={close} />
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('save.title')}>
            <DialogContent sx={{ pt: 0 }}>
              <Stack spacing={2}>
                <Typography color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                  {t('save.route', { origin: planned.originName, destination: planned.destinationName })}
                </Typography>
                {owner ? (
                  <TextField
                    select
                    required
                    label={t('save.card')}
                    value={cardNumber}
                    onChange={(event) => {
                      setCardNumber(event.target.value);
                      setCardError(undefined);
                    }}
                    error={Boolean(cardError)}
                    helperText={cardError}
                    disabled={cards.isLoading}
                  >
                    {(cards.data ?? [])
                      .filter((card) => card.status === 'ACTIVE')
                      .map((card) => (
                        <MenuItem key={card.cardNumber} value={card.cardNumber}>
                          {card.driverName ? `${card.driverName} · ` : ''}
                          {maskCardNumber(card.cardNumber)}
                        </MenuItem>
                      ))}
                  </TextField>
                ) : ownCard ? (
                  <Typography data-testid="own-card">{t('save.ownCard', { card: maskCardNumber(ownCard) })}</Typography>
                ) : (
                  <Alert severity="warning">{t('save.noCard')}</Alert>
                )}
                <div>
                  <FormControlLabel
                    control={<Switch checked={lockCard} onChange={(event) => setLockCard(event.target.checked)} />}
                    label={t('save.lock')}
                  />
                  <Typography variant="body2" color="textSecondary">
                    {t('save.lockHint')}
                  </Typography>
                </div>
                {formError && <Alert severity="error">{formError}</Alert>}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>{t('common:actions.cancel')}</Button>
              <SubmitButton busy={isLoading} disabled={!owner && !ownCard}>
                {t('save.submit')}
              </SubmitButton>
            </DialogActions>
          </form>
        )}
      </Dialog>
    </>
  );
}
