import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateYearTime } from '@/lib/format';
import { formatCentsOff, formatGallons, formatMileMarker, formatMiles, formatPrice } from '../model/format';
import { stationNetSaving, type DetourBasis } from '../model/station-net-saving';
import type { FuelPlanEntry, Station } from '../model/types';
import { ChainLogo } from './ChainLogo';
import { priceAgeText } from './price-age-text';
import { visuallyHidden } from '@/components/layout/visually-hidden';
import '@/lib/i18n/texts/planner';

interface StationCardProps {
  station: Station;
  logoUrl: string;
  chainLabel?: string;
  /** The affiliate's name; the code is shown while the list is loading or for an unknown code. */
  affiliateLabel?: string;
  expanded: boolean;
  onToggle: (locationId: number) => void;
  /** Fixed height (docs/product.md §9): the list is virtualised on it. */
  height: number;
  /** Set on best-plan cards: what to buy there. */
  planEntry?: FuelPlanEntry;
  stopNumber?: number;
  /** Set when the plan weighed the contract's detour and stop costs: the card shows the net saving. */
  withDetour?: boolean;
  /**
   * Set on near-route cards after a plan that weighed the contract's detour costs: the card shows
   * the net saving of a stop here after its detour (station-net-saving.ts), worded as on plan cards.
   */
  detourBasis?: DetourBasis;
  /** The clock the price age is shown at (milliseconds); the current time when absent. */
  now?: number;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography variant="body2" color="textSecondary" sx={{ flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** One station: prices, savings, IFTA refund; expands to its details (several may be open). */
export function StationCard({
  station,
  logoUrl,
  chainLabel,
  affiliateLabel,
  expanded,
  onToggle,
  height,
  planEntry,
  stopNumber,
  withDetour = false,
  detourBasis,
  now,
}: StationCardProps) {
  const { t } = useTranslation('planner');
  const offPlan = !planEntry && detourBasis ? stationNetSaving(station, detourBasis) : null;
  const netSaving = withDetour && planEntry?.netSaving != null ? planEntry.netSaving : (offPlan?.netSaving ?? null);
  const [mounted] = useState(() => Date.now());
  const age = priceAgeText(t, station, now ?? mounted);
  const place = [station.city, station.state].filter(Boolean).join(', ');
  const where =
    station.alongMiles !== undefined
      ? t('station.alongMile', { miles: formatMileMarker(station.alongMiles) })
      : station.distanceMiles !== undefined
        ? t('station.awayFromCentre', { miles: formatMiles(station.distanceMiles) })
        : undefined;
  // The server sends '' for a station without a chain.
  const chainName = chainLabel ?? (station.chain || t('station.noChain'));
  const address = [station.address, [place, station.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');

  return (
    <Card
      data-testid="station-card"
      data-location-id={station.locationId}
      data-expanded={expanded}
      sx={{ height, overflow: 'hidden', bgcolor: expanded ? 'rgba(255,255,255,0.04)' : 'background.paper', display: 'flex', flexDirection: 'column' }}
    >
      <CardActionArea
        onClick={() => onToggle(station.locationId)}
        aria-expanded={expanded}
        // Closed, the content is centred in the card's height, which holds its tallest case (chips on two lines).
        sx={{ px: 1.5, py: 1.25, flexShrink: 0, flexGrow: expanded ? 0 : 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: 'stretch' }}
      >
        {planEntry && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.75 }} data-testid="plan-entry">
            <Chip size="small" color="primary" label={t('plan.stop', { number: stopNumber })} />
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('plan.buy')} {t('plan.gallons', { gallons: formatGallons(planEntry.gallons) })}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              ·
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="plan-entry-cost">
              {formatPrice(planEntry.cost)}
            </Typography>
          </Stack>
        )}
        {netSaving !== null && (
          <Typography
            variant="caption"
            component="div"
            noWrap
            color={netSaving >= 0 ? 'success' : 'warning'}
            sx={{ mt: -0.25, mb: 0.5 }}
            data-testid={planEntry ? 'plan-entry-net-saving' : 'station-net-saving'}
          >
            {netSaving >= 0
              ? t('plan.netSaving', { amount: formatPrice(netSaving) })
              : t('plan.netLoss', { amount: formatPrice(-netSaving) })}
          </Typography>
        )}
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <ChainLogo src={logoUrl} alt={t('station.logoAlt', { chain: chainName })} />
          {/* Closed, a long name or place ends in an ellipsis; open, the card shows them in full. */}
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="subtitle2" component="div" noWrap={!expanded} title={station.name} sx={{ overflowWrap: 'anywhere' }} data-testid="station-name">
              {station.name}
            </Typography>
            {place && (
              <Typography variant="caption" color="textSecondary" noWrap={!expanded} component="div" sx={{ overflowWrap: 'anywhere' }} data-testid="station-place">
                {place}
              </Typography>
            )}
          </Box>
          <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
            {/* The prices' names for screen readers: aria-label is not allowed on a plain div (axe aria-prohibited-attr). */}
            <Box component="span" sx={visuallyHidden}>
              {t('station.net')}
            </Box>
            <Typography variant="h3" component="div" color="primary" data-testid="net-price">
              {formatPrice(station.netPrice)}
            </Typography>
            <Box component="span" sx={visuallyHidden}>
              {t('station.retail')}
            </Box>
            <Typography
              variant="caption"
              color="textSecondary"
              sx={{ textDecoration: 'line-through' }}
              data-testid="retail-price"
            >
              {formatPrice(station.retailPrice)}
            </Typography>
          </Box>
          {expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        </Stack>
        {/* The distance and the price's age, then the chips: the card's whole width, read in full (wrapping on the narrowest phones). */}
        <Typography variant="caption" component="div" color="textSecondary" sx={{ mt: 0.75 }} data-testid="station-facts">
          {where && (
            <>
              <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="station-where">
                {where}
              </Box>
              {' · '}
            </>
          )}
          <Typography
            variant="caption"
            component="span"
            data-testid="price-age"
            data-stale={age.stale}
            title={age.stale ? t('priceAge.staleHint') : undefined}
            color={age.stale ? 'warning' : 'textSecondary'}
          >
            {age.stale ? `${t('priceAge.stale')} · ${age.text}` : age.text}
          </Typography>
        </Typography>
        <Box sx={{ mt: 0.75, display: 'flex', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}>
          <Chip
            size="small"
            color="success"
            variant="outlined"
            data-testid="savings"
            label={t('station.savings', { cents: formatCentsOff(station.savings) })}
            sx={{ height: 22 }}
          />
          {station.iftaRefund != null && station.iftaRefund > 0 && (
            <Chip
              size="small"
              variant="outlined"
              data-testid="ifta-refund"
              label={`${t('station.iftaRefund')} ${formatPrice(station.iftaRefund)}`}
              sx={{ height: 22 }}
            />
          )}
        </Box>
        {/* Named by its content (an aria-label would have to contain all of it), ending with what a press does. */}
        <Box component="span" sx={visuallyHidden}>
          {expanded ? t('station.collapse') : t('station.expand')}
        </Box>
      </CardActionArea>
      {expanded && (
        // Scrolls when the card's column is short: keyboard users reach it too (axe scrollable-region-focusable).
        <Box
          role="region"
          tabIndex={0}
          aria-label={t('station.details', { name: station.name })}
          sx={{ px: 2, pb: 1.5, overflowY: 'auto', minHeight: 0, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } }}
          data-testid="station-details"
        >
          <Divider sx={{ mb: 1 }} />
          {planEntry && (
            <>
              <Detail label={t('plan.buy')}>{t('plan.gallons', { gallons: formatGallons(planEntry.gallons) })}</Detail>
              <Detail label={t('plan.cost')}>{formatPrice(planEntry.cost)}</Detail>
              {planEntry.arrivalFuel !== undefined && (
                <Detail label={t('plan.arrivalFuel')}>{t('plan.gallons', { gallons: formatGallons(planEntry.arrivalFuel) })}</Detail>
              )}
              {withDetour && planEntry.detourMiles !== undefined && planEntry.detourCost !== undefined && (
                <Detail label={t('plan.detour')}>
                  {t('plan.detourValue', { miles: formatMiles(planEntry.detourMiles), cost: formatPrice(planEntry.detourCost) })}
                </Detail>
              )}
              {netSaving !== null && <Detail label={t('plan.netSavingLabel')}>{formatPrice(netSaving)}</Detail>}
            </>
          )}
          {offPlan && (
            <>
              <Detail label={t('plan.netSavingLabel')}>{formatPrice(offPlan.netSaving)}</Detail>
              <Detail label={t('station.stopGallonsLabel')}>
                {t(detourBasis?.plannedGallons[station.locationId] !== undefined ? 'station.plannedGallons' : 'station.stopGallons', {
                  gallons: formatGallons(offPlan.gallons),
                })}
              </Detail>
              <Detail label={t('plan.detour')}>
                {t('plan.detourValue', { miles: formatMiles(offPlan.detourMiles), cost: formatPrice(offPlan.detourCost) })}
              </Detail>
            </>
          )}
          <Detail label={t('station.net')}>
            {formatPrice(station.netPrice)}
            {t('station.perGallon')}
          </Detail>
          <Detail label={t('station.retail')}>
            {formatPrice(station.retailPrice)}
            {t('station.perGallon')}
          </Detail>
          <Detail label={t('station.savingsLabel')}>{formatCentsOff(station.savings)}</Detail>
          <Detail label={t('station.iftaRefund')}>
            {formatPrice(station.iftaRefund ?? 0)}
            {t('station.perGallon')}
          </Detail>
          {address && <Detail label={t('station.address')}>{address}</Detail>}
          {station.stationLocation && <Detail label={t('station.location')}>{station.stationLocation}</Detail>}
          <Detail label={t('station.chain')}>{chainName}</Detail>
          {station.affiliate && <Detail label={t('station.affiliate')}>{affiliateLabel ?? station.affiliate}</Detail>}
          {station.retailPriceDate && (
            <Detail label={t('station.priceDate')}>{formatDateYearTime(station.retailPriceDate)}</Detail>
          )}
          {station.alongMiles !== undefined && <Detail label={t('station.alongRoute')}>{formatMiles(station.alongMiles)}</Detail>}
          {station.offMiles !== undefined && <Detail label={t('station.offRoute')}>{formatMiles(station.offMiles)}</Detail>}
          {station.distanceMiles !== undefined && <Detail label={t('station.distance')}>{formatMiles(station.distanceMiles)}</Detail>}
        </Box>
      )}
    </Card>
  );
}
