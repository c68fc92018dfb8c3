import CreditCardIcon from '@mui/icons-material/CreditCard';
import EditIcon from '@mui/icons-material/Edit';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { maskCardNumber } from '@/lib/format';
import type { FuelCard } from '../api/fuel-cards-api';
import type { StatusAction } from '../use-status-lock';

interface FuelCardRowProps {
  card: FuelCard;
  expanded: boolean;
  onToggleExpanded: () => void;
  onEdit: () => void;
  onToggleStatus: () => void;
  /** Set while the status update runs and for about 1 s after it. */
  lockedAs?: StatusAction;
}

/** A card row that expands to Edit Card and Activate / Deactivate (SPEC §2.10). */
export function FuelCardRow({ card, expanded, onToggleExpanded, onEdit, onToggleStatus, lockedAs }: FuelCardRowProps) {
  const { t } = useTranslation('fuelCards');
  const actionsId = useId();
  const active = card.status === 'ACTIVE';
  const toggleLabel = lockedAs ? t(`actions.${lockedAs}`) : t(active ? 'actions.deactivate' : 'actions.activate');
  const details = [card.driverName, card.unitNumber && t('row.unit', { unit: card.unitNumber }), card.driverId && t('row.driverId', { id: card.driverId })]
    .filter(Boolean)
    .join(' · ');

  return (
    <Box component="li" data-testid="fuel-card-row" data-card={card.cardNumber} data-status={card.status} sx={{ listStyle: 'none' }}>
      <ListItemButton
        onClick={onToggleExpanded}
        aria-expanded={expanded}
        aria-controls={actionsId}
        sx={{ gap: 2, py: 1.5, borderRadius: 3 }}
      >
        <CreditCardIcon color={active ? 'primary' : 'disabled'} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontFamily: 'monospace', letterSpacing: 1, fontWeight: 600 }} data-testid="card-number">
            {maskCardNumber(card.cardNumber)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {details}
          </Typography>
        </Box>
        <Chip
          size="small"
          variant="outlined"
          color={active ? 'success' : 'default'}
          label={t(active ? 'status.active' : 'status.inactive')}
        />
        {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      </ListItemButton>
      <Collapse in={expanded} unmountOnExit>
        <Stack id={actionsId} direction="row" spacing={1.5} sx={{ px: 2, pb: 2, pt: 0.5, pl: 7 }}>
          <Button variant="outlined" startIcon={<EditIcon />} onClick={onEdit}>
            {t('actions.edit')}
          </Button>
          <Button
            variant="contained"
            color={active ? 'error' : 'success'}
            onClick={onToggleStatus}
            disabled={Boolean(lockedAs)}
            sx={{ minWidth: 140 }}
          >
            {toggleLabel}
          </Button>
        </Stack>
      </Collapse>
    </Box>
  );
}
