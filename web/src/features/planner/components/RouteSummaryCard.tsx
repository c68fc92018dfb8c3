import AltRouteIcon from '@mui/icons-material/AltRoute';
import Box from '@mui/material/Box';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '@/components/layout/AppShell';
import { VisuallyHidden } from '@/components/layout/VisuallyHidden';
import { ROUTE_COLORS } from '../model/constants';
import type { DrivingRoute } from '../model/types';
import '@/lib/i18n/texts/planner';

interface RouteSummaryCardProps {
  routes: readonly DrivingRoute[];
  selectedIndex: number;
  onSelect: (index: number) => void;
}

/** The server's texts (routing.DistanceText, DurationText): one rule for every client. */
const distanceOf = (route: DrivingRoute) => route.distanceText;
const durationOf = (route: DrivingRoute) => route.durationText;

/** Distance and time of the selected route; the alternatives can be picked here as on the map. */
export function RouteSummaryCard({ routes, selectedIndex, onSelect }: RouteSummaryCardProps) {
  const { t } = useTranslation('planner');
  const phone = useIsPhone();
  // On phones the card starts folded to one line so the map stays visible.
  const [open, setOpen] = useState(!phone);
  const selected = routes[selectedIndex];
  if (!selected) return null;
  const figure = open ? 'h3' : 'subtitle1';
  return (
    <Paper
      elevation={6}
      data-testid="route-summary"
      aria-label={t('map.routeSummary')}
      component="section"
      sx={{
        position: 'absolute',
        top: { xs: 8, md: 16 },
        left: { xs: 8, md: 16 },
        zIndex: 2,
        p: open ? 1.5 : 1,
        minWidth: { xs: 0, md: 240 },
        maxWidth: { xs: 'calc(100% - 16px)', md: 320 },
        bgcolor: 'rgba(23,26,33,0.94)',
      }}
    >
      <Stack direction="row" spacing={open ? 3 : 2} sx={{ alignItems: 'center' }}>
        <Box>
          <Typography variant="caption" color="textSecondary">
            {t('map.distance')}
          </Typography>
          <Typography variant={figure} component="div" data-testid="route-distance">
            {distanceOf(selected)}
          </Typography>
        </Box>
        <Box>
          <Typography variant="caption" color="textSecondary">
            {t('map.duration')}
          </Typography>
          <Typography variant={figure} component="div" data-testid="route-duration">
            {durationOf(selected)}
          </Typography>
        </Box>
        <IconButton
          size="small"
          onClick={() => setOpen((shown) => !shown)}
          aria-expanded={open}
          aria-label={open ? t('map.hideRouteDetails') : t('map.showRouteDetails')}
          sx={{ ml: 'auto !important' }}
        >
          {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        </IconButton>
      </Stack>
      <Collapse in={open}>
      {selected.summary && (
        <Typography variant="caption" color="textSecondary" component="div" noWrap title={selected.summary}>
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
                {/* Named by its content ("Select Route 2 412 mi · 6 h"): an aria-label would have to contain all it shows. */}
                <VisuallyHidden>{t('map.selectPrefix')} </VisuallyHidden>
                <Typography variant="caption" sx={{ fontWeight: 600 }}>
                  {t('map.route', { number: index + 1 })}
                </Typography>{' '}
                <Typography variant="caption" color="textSecondary" noWrap>
                  {distanceOf(route)} · {durationOf(route)}
                </Typography>
              </ButtonBase>
            );
          })}
        </Stack>
      )}
      </Collapse>
    </Paper>
  );
}
