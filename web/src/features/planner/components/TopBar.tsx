import ClearIcon from '@mui/icons-material/Clear';
import DirectionsIcon from '@mui/icons-material/Directions';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaceField } from '../model/planner-state';
import type { Place } from '../model/types';
import { PlaceSearchField } from './PlaceSearchField';
import '@/lib/i18n/texts/planner';

interface TopBarProps {
  departure: PlaceField;
  destination: PlaceField;
  calculating: boolean;
  canBuildRoute: boolean;
  routeActive: boolean;
  onTextChange: (which: 'departure' | 'destination', text: string) => void;
  onPick: (which: 'departure' | 'destination', place: Place) => void;
  onUseCurrentLocation: () => void;
  onBuildRoute: () => void;
  onClearRoute: () => void;
}

/**
 * Departure (with 'Use current location'), destination, Build Route and Clear Route. Memoised: the
 * page's other updates (the station list's answers) do not render the form again.
 */
export const TopBar = memo(function TopBar(props: TopBarProps) {
  const { t } = useTranslation('planner');
  return (
    <Paper
      square
      elevation={0}
      sx={{ borderBottom: '1px solid', borderColor: 'divider', px: 2, py: 1.5 }}
      component="section"
      aria-label={t('title')}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
        <Stack direction="row" spacing={0.5} sx={{ flex: 1, alignItems: 'center', minWidth: 0 }}>
          <PlaceSearchField
            id="planner-departure"
            label={t('topBar.departure')}
            placeholder={t('topBar.departurePlaceholder')}
            field={props.departure}
            onTextChange={(text) => props.onTextChange('departure', text)}
            onPick={(place) => props.onPick('departure', place)}
          />
          <Tooltip title={t('topBar.useCurrentLocation')}>
            <IconButton onClick={props.onUseCurrentLocation} aria-label={t('topBar.useCurrentLocation')} color="primary">
              <MyLocationIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        <Stack direction="row" sx={{ flex: 1, minWidth: 0 }}>
          <PlaceSearchField
            id="planner-destination"
            label={t('topBar.destination')}
            placeholder={t('topBar.destinationPlaceholder')}
            field={props.destination}
            onTextChange={(text) => props.onTextChange('destination', text)}
            onPick={(place) => props.onPick('destination', place)}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button
            variant="contained"
            onClick={props.onBuildRoute}
            disabled={!props.canBuildRoute}
            startIcon={props.calculating ? <CircularProgress aria-hidden size={18} color="inherit" /> : <DirectionsIcon />}
            sx={{ minWidth: 150 }}
          >
            {props.calculating ? t('topBar.calculating') : t('topBar.buildRoute')}
          </Button>
          <Button variant="outlined" color="inherit" onClick={props.onClearRoute} disabled={!props.routeActive} startIcon={<ClearIcon />}>
            {t('topBar.clearRoute')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
});
