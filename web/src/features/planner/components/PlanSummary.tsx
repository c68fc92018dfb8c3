import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { addDollars, detourCostsApplied, formatGallons, formatMiles, formatPrice, planSavings } from '../model/format';
import type { FuelPlan } from '../model/types';
import '@/lib/i18n/texts/planner';

/**
 * Total cost of the plan against buying without one (naiveCost), and the difference; without
 * the comparison when the server has no naiveCost (null). When the company's contract counts
 * detour and stop costs, both sides include them (fuel + detours and stops) and the difference
 * is the net saving after the detour (the server's netSaving). The total holds the contract's card
 * fees (one a stop), which the summary says when there are any.
 */
export function PlanSummary({ plan, chainNames = [] }: { plan: FuelPlan; chainNames?: readonly string[] }) {
  const { t } = useTranslation('planner');
  const withDetour = detourCostsApplied(plan);
  const detourCost = plan.detourCost ?? 0;
  const total = withDetour ? addDollars(plan.totalCost, detourCost) : plan.totalCost;
  const naive =
    plan.naiveCost === null ? null : withDetour ? addDollars(plan.naiveCost, plan.naiveDetourCost ?? 0) : plan.naiveCost;
  const saving = withDetour ? (plan.netSaving ?? null) : planSavings(plan);
  return (
    <Paper
      variant="outlined"
      data-testid="plan-summary"
      sx={{ mx: 2, mb: 1.5, p: 1.5, borderRadius: 1, borderColor: 'rgba(53,194,122,0.4)', bgcolor: 'rgba(53,194,122,0.06)' }}
    >
      <Stack direction="row" useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
        <Box>
          <Typography variant="caption" color="textSecondary">
            {t('plan.totalCost')}
          </Typography>
          <Typography variant="h2" component="div" data-testid="plan-total-cost">
            {formatPrice(total)}
          </Typography>
          {withDetour && (
            <Typography variant="caption" color="textSecondary" component="div" data-testid="plan-detour-cost">
              {t('plan.fuelAndDetour', {
                fuel: formatPrice(plan.totalCost),
                detour: formatPrice(detourCost),
                miles: formatMiles(plan.detourMiles ?? 0),
              })}
            </Typography>
          )}
          {(plan.fees ?? 0) > 0 && (
            <Typography variant="caption" color="textSecondary" component="div" data-testid="plan-fees">
              {t('plan.fees', { fees: formatPrice(plan.fees ?? 0), fee: formatPrice(plan.feePerPurchase ?? 0) })}
            </Typography>
          )}
          <Typography variant="caption" color="textSecondary">
            {t('plan.totalGallons', { gallons: formatGallons(plan.totalGallons), count: plan.fuelPlan.length })}
          </Typography>
        </Box>
        {naive !== null && saving !== null && (
          <Box sx={{ textAlign: 'right' }}>
            <Typography variant="caption" color="textSecondary">
              {t('plan.withoutPlan')}
            </Typography>
            <Typography variant="body1" sx={{ textDecoration: 'line-through' }} color="textSecondary" data-testid="plan-naive-cost">
              {formatPrice(naive)}
            </Typography>
            {/* The naive driver can come out cheaper when the plan must buy the minimum purchase. */}
            {saving > 0 &&
              (withDetour ? (
                <Typography variant="subtitle2" component="p" color="primary" data-testid="plan-net-saving">
                  {t('plan.netSaving', { amount: formatPrice(saving) })}
                </Typography>
              ) : (
                <Typography variant="subtitle2" component="p" color="primary" data-testid="plan-saving">
                  {t('plan.youSave')} {formatPrice(saving)}
                </Typography>
              ))}
          </Box>
        )}
      </Stack>
      {withDetour && (
        <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1 }} data-testid="plan-detour-rates">
          {t('plan.detourRates', { perMile: formatPrice(plan.outOfRouteCostPerMile ?? 0), perStop: formatPrice(plan.costPerStop ?? 0) })}
        </Typography>
      )}
      {plan.usedStalePrices && (
        <Typography variant="caption" color="warning" component="p" sx={{ mt: 1 }} data-testid="plan-stale" role="note">
          {t('plan.usedStalePrices')}
        </Typography>
      )}
      {/* The plan and its "Without a plan" figure use only the chains selected near the route. */}
      <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1 }} data-testid="plan-chains">
        {chainNames.length > 0 ? t('plan.chainsConsidered', { chains: chainNames.join(', ') }) : t('plan.allChains')}
      </Typography>
    </Paper>
  );
}
