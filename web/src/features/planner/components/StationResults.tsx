import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chainLogoUrl } from '../model/chains';
import { CARD_HEIGHT, PLAN_CARD_DETOUR_EXTRA, PLAN_CARD_HEIGHT } from '../model/constants';
import type { DetourBasis } from '../model/station-net-saving';
import type { ChainOption, FuelPlanEntry, Station } from '../model/types';
import { StationCard } from './StationCard';
import { StationList } from './StationList';
import '@/lib/i18n/texts/planner';

interface StationResultsProps {
  stations?: readonly Station[];
  planEntries?: readonly FuelPlanEntry[];
  /** The plan weighed the contract's detour and stop costs: plan cards show the net saving. */
  withDetour?: boolean;
  /** Set on near-route cards after a plan that weighed detour costs: each card shows its net saving. */
  detourBasis?: DetourBasis | null;
  chains: ReadonlyMap<string, ChainOption>;
  /** Affiliate codes with their names (GET locations/affiliateCodes). */
  affiliates: ReadonlyMap<string, ChainOption>;
  expanded: readonly number[];
  onToggle: (locationId: number) => void;
  revealed: { locationId: number; seq: number } | null;
  /** The clock price ages are shown at (milliseconds); the current time when absent. */
  now?: number;
}

interface Row {
  key: number;
  height: number;
  station: Station;
  planEntry?: FuelPlanEntry;
  stopNumber?: number;
}

/** The station cards of one list (general, near route or best plan), windowed; memoised (the page's other updates leave the cards alone). */
export const StationResults = memo(function StationResults({ stations, planEntries, withDetour = false, detourBasis = null, chains, affiliates, expanded, onToggle, revealed, now }: StationResultsProps) {
  const { t } = useTranslation('planner');
  const rows = useMemo<Row[]>(() => {
    const open = new Set(expanded);
    if (planEntries) {
      return planEntries.map((entry, index) => ({
        // One station may be a stop twice on a long trip: key by stop too.
        key: index,
        height:
          (open.has(entry.location.locationId) ? PLAN_CARD_HEIGHT.expanded : PLAN_CARD_HEIGHT.collapsed) +
          (withDetour ? PLAN_CARD_DETOUR_EXTRA : 0),
        station: entry.location,
        planEntry: entry,
        stopNumber: index + 1,
      }));
    }
    return (stations ?? []).map((station) => ({
      key: station.locationId,
      height:
        (open.has(station.locationId) ? CARD_HEIGHT.expanded : CARD_HEIGHT.collapsed) +
        (detourBasis && station.offMiles !== undefined ? PLAN_CARD_DETOUR_EXTRA : 0),
      station,
    }));
  }, [stations, planEntries, withDetour, detourBasis, expanded]);

  const revealKey = revealed
    ? planEntries
      ? planEntries.findIndex((entry) => entry.location.locationId === revealed.locationId)
      : revealed.locationId
    : undefined;

  return (
    <StationList
      aria-label={t('list.stationsLabel')}
      items={rows}
      revealKey={revealKey}
      revealSeq={revealed?.seq}
      renderItem={(row) => (
        <StationCard
          station={row.station}
          logoUrl={chainLogoUrl(row.station.chain, chains)}
          chainLabel={row.station.chain ? chains.get(row.station.chain)?.label : undefined}
          affiliateLabel={row.station.affiliate ? affiliates.get(row.station.affiliate)?.label : undefined}
          expanded={expanded.includes(row.station.locationId)}
          onToggle={onToggle}
          height={row.height}
          planEntry={row.planEntry}
          stopNumber={row.stopNumber}
          withDetour={withDetour}
          detourBasis={row.planEntry ? undefined : (detourBasis ?? undefined)}
          now={now}
        />
      )}
    />
  );
});
