import LockIcon from '@mui/icons-material/Lock';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { TripStatus } from '../api/trip-types';
import '@/lib/i18n/texts/trips';

const colors = { ACTIVE: 'success', COMPLETED: 'default', CANCELLED: 'warning' } as const;

export function TripStatusChip({ status }: { status: TripStatus }) {
  const { t } = useTranslation('trips');
  return <Chip size="small" color={colors[status]} variant={status === 'ACTIVE' ? 'filled' : 'outlined'} label={t(`status.${status}`)} data-testid="trip-status" />;
}

export function LockChip() {
  const { t } = useTranslation('trips');
  return <Chip size="small" variant="outlined" icon={<LockIcon fontSize="small" />} label={t('list.locked')} data-testid="trip-locked" />;
}
