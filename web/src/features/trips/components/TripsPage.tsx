import AssessmentIcon from '@mui/icons-material/Assessment';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as ReactRouterLink } from 'react-router';
import { CardSelect } from '@/components/form/CardSelect';
import { Page } from '@/components/layout/Page';
import { BackButton } from '@/components/navigation';
import { selectRole, selectUser } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { useAppSelector } from '@/lib/store';
import type { TripListQuery, TripStatus } from '../api/trip-types';
import { useGetTripCardOptionsQuery } from '../api/trips-api';
import { TripList } from './TripList';
import '@/lib/i18n/texts/trips';

const STATUSES: TripStatus[] = ['ACTIVE', 'COMPLETED', 'CANCELLED'];

function StatusFilter({ value, onChange }: { value: TripStatus | ''; onChange: (status: TripStatus | '') => void }) {
  const { t } = useTranslation('trips');
  return (
    <TextField
      select
      label={t('filters.status')}
      value={value}
      onChange={(event) => onChange(event.target.value as TripStatus | '')}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">{t('filters.allStatuses')}</MenuItem>
      {STATUSES.map((status) => (
        <MenuItem key={status} value={status}>
          {t(`status.${status}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Owners filter by any company card; the card list loads only for them. */
function CardFilter({ value, onChange }: { value: string; onChange: (cardNumber: string) => void }) {
  const { t } = useTranslation('trips');
  const { data: cards = [] } = useGetTripCardOptionsQuery();
  return (
    <CardSelect
      label={t('filters.card')}
      allLabel={t('filters.allCards')}
      value={value}
      cards={cards}
      onChange={onChange}
      sx={{ minWidth: 220 }}
    />
  );
}

/** /trips: the company's trips (owner) or the driver's own, filtered by status and card. */
export function TripsPage() {
  const { t } = useTranslation('trips');
  const role = useAppSelector(selectRole);
  const userLoaded = useAppSelector(selectUser) !== null;
  const [status, setStatus] = useState<TripStatus | ''>('');
  const [cardNumber, setCardNumber] = useState('');
  const owner = role === 'ROLE_COMPANY';
  const query: TripListQuery = { status: status || undefined, cardNumber: owner && cardNumber ? cardNumber : undefined };

  return (
    <Page
      title={t('title')}
      maxWidth="md"
      leading={<BackButton to={paths.dashboard} label={t('backToDashboard')} />}
      actions={
        owner && (
          <Button component={ReactRouterLink} to={paths.compliance} startIcon={<AssessmentIcon />}>
            {t('list.compliance')}
          </Button>
        )
      }
    >
      {!userLoaded ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
            <StatusFilter value={status} onChange={setStatus} />
            {owner && <CardFilter value={cardNumber} onChange={setCardNumber} />}
          </Stack>
          <TripList query={query} />
        </>
      )}
    </Page>
  );
}
