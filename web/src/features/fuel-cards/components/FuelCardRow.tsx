import CreditCardIcon from '@mui/icons-material/CreditCard';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import TuneIcon from '@mui/icons-material/Tune';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryDialog } from '@/components/audit-history/HistoryDialog';
import { usePermissions } from '@/lib/auth';
import { formatDollars, maskCardNumber } from '@/lib/format';
import type { FuelCard } from '../api/fuel-cards-api';
import { formatUntil, overrideActive } from '../model/override-form';
import { ShippingChip, ShippingDetails } from './CardShipment';
import type { StatusAction } from '../model/use-status-lock';
import '@/lib/i18n/texts/audit';
import '@/lib/i18n/texts/fuelCards';

// Stripe's Issuing Elements load when the owner asks to see a card, not with the list.
const CardDetailsDialog = lazy(async () => ({ default: (await import('@/components/card-details/CardDetailsDialog')).CardDetailsDialog }));

interface FuelCardRowProps {
  card: FuelCard;
  expanded: boolean;
  onToggleExpanded: () => void;
  onEdit: () => void;
  onControls: () => void;
  onOverride: () => void;
  onToggleStatus: () => void;
  /** Set while the status update runs and for about 1 s after it. */
  lockedAs?: StatusAction;
}

const NoWrap = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {children}
  </Box>
);

/**
 * A card row that expands to Edit Card, Controls, Override and Activate / Deactivate (docs/product.md
 * §2.10); "Controls" and "Override" badges say when rules or an override apply.
 */
export function FuelCardRow({ card, expanded, onToggleExpanded, onEdit, onControls, onOverride, onToggleStatus, lockedAs }: FuelCardRowProps) {
  const [showDetails, setShowDetails] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const { t } = useTranslation('fuelCards');
  // A role that may not change cards sees only the card's history (and its number when it may reveal it).
  const { can } = usePermissions();
  const mayChange = can('cards.write');
  const actionsId = useId();
  const active = card.status === 'ACTIVE';
  const toggleLabel = lockedAs ? t(`actions.${lockedAs}`) : t(active ? 'actions.deactivate' : 'actions.activate');
  // The unit and the driver ID each stay on one line ("TRK-179", never "TRK-" and "179"); the driver's name wraps between words.
  const details = [
    card.driverName,
    card.unitNumber && <NoWrap>{t('row.unit', { unit: card.unitNumber })}</NoWrap>,
    card.driverId && <NoWrap>{t('row.driverId', { id: card.driverId })}</NoWrap>,
  ]
    .filter(Boolean)
    .map((part, index) => (
      <Fragment key={index}>
        {index > 0 && ' · '}
        {part}
      </Fragment>
    ));
  const overriding = overrideActive(card.overrideUntil);

  return (
    <Box component="li" data-testid="fuel-card-row" data-card={card.cardNumber} data-status={card.status} sx={{ listStyle: 'none' }}>
      <ListItemButton
        onClick={onToggleExpanded}
        aria-expanded={expanded}
        aria-controls={actionsId}
        sx={{ gap: { xs: 1.25, sm: 2 }, py: 1.5, px: { xs: 1, sm: 2 }, borderRadius: 3 }}
      >
        <CreditCardIcon color={active ? 'primary' : 'disabled'} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography
            sx={{ fontFamily: 'monospace', letterSpacing: { xs: 0, sm: 1 }, fontWeight: 600, whiteSpace: 'nowrap', fontSize: { xs: '0.95rem', sm: '1rem' } }}
            data-testid="card-number"
          >
            {maskCardNumber(card.cardNumber)}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {details}
          </Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={0.5} sx={{ alignItems: 'flex-end', flexShrink: 0 }}>
          <Chip
            size="small"
            variant="outlined"
            color={active ? 'success' : 'default'}
            label={t(active ? 'status.active' : 'status.inactive')}
          />
          {card.controlsActive && <Chip size="small" color="primary" variant="outlined" label={t('badges.controls')} data-testid="controls-badge" />}
          {overriding && <Chip size="small" color="warning" label={t('badges.override')} data-testid="override-badge" />}
          <ShippingChip shipping={card.shipping} />
        </Stack>
        {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      </ListItemButton>
      <Collapse in={expanded} unmountOnExit>
        <Box id={actionsId} sx={{ px: 2, pb: 2, pt: 0.5, pl: { xs: 2, sm: 7 } }}>
        {(overriding || card.monthlyBudget !== null || card.shipping) && (
          <Stack spacing={0.5} sx={{ mb: 1.5 }}>
            <ShippingDetails shipping={card.shipping} />
            {overriding && (
              <Typography variant="body2" color="warning" data-testid="override-until">
                {t('override.activeUntil', { until: formatUntil(card.overrideUntil!) })}
              </Typography>
            )}
            {card.monthlyBudget !== null && (
              <Typography variant="body2" color="textSecondary">
                {t('row.budget', { spent: formatDollars(card.monthSpend), budget: formatDollars(card.monthlyBudget) })}
              </Typography>
            )}
          </Stack>
        )}
        <Stack direction="row" useFlexGap sx={{ gap: 1.5, flexWrap: 'wrap' }}>
          {mayChange && (
            <>
              <Button variant="outlined" startIcon={<EditIcon />} onClick={onEdit}>
                {t('actions.edit')}
              </Button>
              <Button variant="outlined" startIcon={<TuneIcon />} onClick={onControls}>
                {t('actions.controls')}
              </Button>
              <Button variant="outlined" color={overriding ? 'warning' : 'primary'} startIcon={<LockOpenIcon />} onClick={onOverride}>
                {overriding ? t('actions.endOverride') : t('actions.override')}
              </Button>
            </>
          )}
          {card.issuer === 'stripe' && card.issuerCardId && can('cards.reveal') && (
            <Button variant="outlined" startIcon={<CreditCardIcon />} onClick={() => setShowDetails(true)}>
              {t('actions.details')}
            </Button>
          )}
          <Button variant="outlined" startIcon={<HistoryIcon />} onClick={() => setShowHistory(true)}>
            {t('audit:history')}
          </Button>
          {mayChange && (
            <Button
              variant="contained"
              color={active ? 'error' : 'success'}
              onClick={onToggleStatus}
              disabled={Boolean(lockedAs)}
              sx={{ minWidth: { xs: 0, sm: 140 } }}
            >
              {toggleLabel}
            </Button>
          )}
        </Stack>
        </Box>
      </Collapse>
      {showHistory && (
        <HistoryDialog objectType="card" objectId={card.cardNumber} title={t('audit:historyOf', { name: maskCardNumber(card.cardNumber) })}
          onClose={() => setShowHistory(false)} />
      )}
      {showDetails && card.issuerCardId && (
        <Suspense fallback={null}>
          <CardDetailsDialog cardNumber={card.cardNumber} issuingCardId={card.issuerCardId} onClose={() => setShowDetails(false)} />
        </Suspense>
      )}
    </Box>
  );
}
