import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatGallons, formatPrice, planSavings } from '../model/format';
import type { FuelPlan } from '../model/types';

/**
 * Total cost of the plan against buying without one (naiveCost), and the difference; without
 * the comparison when the server has no naiveCost (null).
 */
export function PlanSummary({ plan }: { plan: FuelPlan }) {
  const { t } = useTranslation('planner');
  const saving = planSavings(plan);
  return (
    <Paper
      variant="outlined"
      data-testid="plan-summary"
      sx={{ mx: 2, mb: 1.5, p: 1.5, borderRadius: 1, borderColor: 'rgba(53,194,122,0.4)', bgcolor: 'rgba(53,194,122,0.06)' }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-end' }}>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('plan.totalCost')}
          </Typography>
          <Typography variant="h2" component="div" data-testid="plan-total-cost">
            {formatPrice(plan.totalCost)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('plan.totalGallons', { gallons: formatGallons(plan.totalGallons), count: plan.fuelPlan.length })}
          </Typography>
        </Box>
        {plan.naiveCost !== null && saving !== null && (
          <Box sx={{ textAlign: 'right' }}>
            <Typography variant="caption" color="text.secondary">
              {t('plan.withoutPlan')}
            </Typography>
            <Typography variant="body1" sx={{ textDecoration: 'line-through' }} color="text.secondary" data-testid="plan-naive-cost">
              {formatPrice(plan.naiveCost)}
            </Typography>
            {/* The naive driver can come out cheaper when the plan must buy the minimum purchase. */}
            {saving > 0 && (
              <Typography variant="subtitle2" color="primary.main" data-testid="plan-saving">
                {t('plan.youSave')} {formatPrice(saving)}
              </Typography>
            )}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
