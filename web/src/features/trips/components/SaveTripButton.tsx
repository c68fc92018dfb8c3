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
import type { CreateTripRequest, Trip, TripUnits } from '../api/trip-types';
import { useCreateTripMutation, useGetTripCardOptionsQuery, useGetTripUnitsQuery } from '../api/trips-api';
import '@/lib/i18n/texts/trips';

/** What the planner knows of the plan to save: everything but the card, the truck and the lock. */
export type PlannedTrip = Omit<CreateTripRequest, 'cardNumber' | 'lockCard' | 'unitNumber'>;

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
          {trip.unitNumber && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('list.unit', { unit: trip.unitNumber })}
            </Typography>
          )}
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

/** The units to choose from, loaded when the dialog opens: loading, failed (retry; saved without one), none on file. */
type UnitsQuery = { data?: TripUnits; isLoading: boolean; isError: boolean; isSuccess: boolean; refetch: () => unknown };

function UnitField({ units, value, onChange }: { units: UnitsQuery; value: string; onChange: (unit: string) => void }) {
  const { t } = useTranslation('trips');
  const list: TripUnits['value'] = units.data?.value ?? [];
  const empty = units.isSuccess && list.length === 0;
  let hint = t('save.unitHint');
  if (units.isLoading) hint = t('save.unitsLoading');
  else if (empty) hint = t('save.unitsEmpty');
  return (
    <div>
      <TextField
        select
        fullWidth
        label={t('save.unit')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={units.isLoading || units.isError || empty}
        helperText={units.isError ? undefined : hint}
        // The closed field shows the unit number alone (a plate beside it would be cut at 320 px); the list shows both.
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true, renderValue: (unit) => (typeof unit === 'string' && unit ? unit : t('save.noUnit')) } }}
        data-testid="trip-unit"
      >
        <MenuItem value="">{t('save.noUnit')}</MenuItem>
        {list.map((unit) => (
          <MenuItem key={unit.unitNumber} value={unit.unitNumber} sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
            {unit.plate ? t('save.unitWithPlate', { unit: unit.unitNumber, plate: unit.plate }) : unit.unitNumber}
          </MenuItem>
        ))}
      </TextField>
      {units.isError && (
        <Alert
          severity="warning"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => void units.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        >
          {t('save.unitsFailed')}
        </Alert>
      )}
    </div>
  );
}

/**
 * "Save as trip" under a computed plan: the owner picks any company card, a driver saves on
 * their own card; the truck is one of the company's units, the card's own offered first, or none; the
 * switch locks the card to the plan (POST /api/trips).
 */
export function SaveTripButton({ planned }: { planned: PlannedTrip }) {
  const { t } = useTranslation('trips');
  const titleId = useId();
  const owner = useAppSelector(selectRole) === 'ROLE_COMPANY';
  const ownCard = useAppSelector(selectUser)?.cardNumber ?? null;
  const [open, setOpen] = useState(false);
  const [cardNumber, setCardNumber] = useState('');
  const [lockCard, setLockCard] = useState(false);
  // null: the default, the chosen card's unit (a driver's: the server's); '': no unit.
  const [unitChoice, setUnitChoice] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [saved, setSaved] = useState<Trip | null>(null);
  const cards = useGetTripCardOptionsQuery(owner && open ? undefined : skipToken);
  const units = useGetTripUnitsQuery(open ? undefined : skipToken);
  const [createTrip, { isLoading }] = useCreateTripMutation();

  const chosenCard = owner ? cardNumber : (ownCard ?? '');
  const defaultUnit = owner
    ? ((cards.data ?? []).find((card) => card.cardNumber === cardNumber)?.unitNumber ?? '')
    : (units.data?.defaultUnitNumber ?? '');
  const wantedUnit = unitChoice ?? defaultUnit;
  const unitNumber = units.data?.value.some((unit) => unit.unitNumber === wantedUnit) ? wantedUnit : '';
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
      setSaved(await createTrip({ ...planned, cardNumber: chosenCard, lockCard, ...(unitNumber ? { unitNumber } : {}) }).unwrap());
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
                      setUnitChoice(null);
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
                <UnitField units={units} value={unitNumber} onChange={setUnitChoice} />
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
