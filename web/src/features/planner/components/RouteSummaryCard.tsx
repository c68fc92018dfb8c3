import AltRouteIcon from '@mui/icons-material/AltRoute';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ROUTE_COLORS } from '../model/constants';
import { formatDistance, formatDuration } from '../model/format';
import type { DrivingRoute } from '../model/types';

interface RouteSummaryCardProps {
  routes: readonly DrivingRoute[];
  selectedIndex: number;
  onSelect: (index: number) => void;
}

const distanceOf = (route: DrivingRoute) => route.distanceText || formatDistance(route.distanceMeters);
const durationOf = (route: DrivingRoute) => route.durationText || formatDuration(route.durationSeconds);

/** Distance and time of the selected route; the alternatives can be picked here as on the map. */
export function RouteSummaryCard({ routes, selectedIndex, onSelect }: RouteSummaryCardProps) {
  const { t } = useTranslation('planner');
  const selected = routes[selectedIndex];
  if (!selected) return null;
  return (
    <Paper
      elevation={6}
      data-testid="route-summary"
      aria-label={t('map.routeSummary')}
      component="section"
      sx={{ position: 'absolute', top: 16, left: 16, zIndex: 2, p: 1.5, minWidth: 240, maxWidth: 320, bgcolor: 'rgba(23,26,33,0.94)' }}
    >
      <Stack direction="row" spacing={3}>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('map.distance')}
          </Typography>
          <Typography variant="h3" component="div" data-testid="route-distance">
            {distanceOf(selected)}
          </Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('map.duration')}
          </Typography>
          <Typography variant="h3" component="div" data-testid="route-duration">
            {durationOf(selected)}
          </Typography>
        </Box>
      </Stack>
      {selected.summary && (
        <Typography variant="caption" color="text.secondary" component="div" noWrap title={selected.summary}>
          {selected.summary}
        </Typography>
      )}
      {routes.length > 1 && (
        <Stack spacing={0.5} sx={{ mt: 1 }}>
          {routes.map((route, index) => {
            const active = index === selectedIndex;
            return (
              <ButtonBase
                key={index}
                onClick={() => onSelect(index)}
                aria-pressed={active}
                aria-label={t('map.selectRoute', { number: index + 1 })}
                data-testid="route-option"
                sx={{
                  justifyContent: 'flex-start',
                  gap: 1,
                  px: 1,
                  py: 0.5,
                  borderRadius: 2,
                  border: '1px solid',
                  borderColor: active ? ROUTE_COLORS.selected : 'divider',
                  bgcolor: active ? 'rgba(47,124,246,0.15)' : 'transparent',
                }}
              >
                <AltRouteIcon sx={{ fontSize: 16, color: active ? ROUTE_COLORS.selected : ROUTE_COLORS.alternative }} />
                <Typography variant="caption" sx={{ fontWeight: 600 }}>
                  {t('map.route', { number: index + 1 })}
                </Typography>
                <Typography variant="caption" color="text.secondary" noWrap>
                  {distanceOf(route)} · {durationOf(route)}
                </Typography>
              </ButtonBase>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
