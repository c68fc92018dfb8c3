import PlaceIcon from '@mui/icons-material/Place';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyGeocodeQuery } from '../api/planner-api';
import { GEOCODE_DEBOUNCE_MS, GEOCODE_MIN_CHARS } from '../model/constants';
import type { PlaceField } from '../model/planner-state';
import type { Place } from '../model/types';
import '@/lib/i18n/texts/planner';

interface PlaceSearchFieldProps {
  label: string;
  placeholder: string;
  field: PlaceField;
  onTextChange: (text: string) => void;
  onPick: (place: Place) => void;
  id: string;
}

const hasCoordinates = (place: Place) => Number.isFinite(place.latitude) && Number.isFinite(place.longitude);

/** A place search box: suggestions from GET /api/maps/geocode while typing (debounced). */
export function PlaceSearchField({ label, placeholder, field, onTextChange, onPick, id }: PlaceSearchFieldProps) {
  const { t } = useTranslation('planner');
  const [geocode, { data, isFetching }] = useLazyGeocodeQuery();
  const [open, setOpen] = useState(false);
  const query = field.text.trim();
  const searching = !field.place && query.length >= GEOCODE_MIN_CHARS;

  useEffect(() => {
    if (!searching) return undefined;
    const timer = window.setTimeout(() => {
      geocode(query, true)
        .unwrap()
        .catch((error: unknown) => console.warn('Place search failed', error));
    }, GEOCODE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [geocode, query, searching]);

  const options = searching ? (data ?? []) : field.place ? [field.place] : [];

  return (
    <Autocomplete<Place, false, false, false>
      id={id}
      sx={{ flex: 1, minWidth: 200 }}
      size="small"
      open={open && searching}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={field.place}
      inputValue={field.text}
      loading={isFetching}
      loadingText={t('topBar.searching')}
      noOptionsText={t('topBar.noOptions')}
      // The server already matched the text.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.label}
      getOptionKey={(option) => `${option.label}|${option.latitude}|${option.longitude}`}
      isOptionEqualToValue={(option, value) =>
        option.label === value.label && option.latitude === value.latitude && option.longitude === value.longitude
      }
      onInputChange={(_, text, reason) => {
        if (reason === 'input' || reason === 'clear') onTextChange(text);
      }}
      onChange={(_, place) => {
        if (!place) {
          onTextChange('');
          return;
        }
        if (!hasCoordinates(place)) {
          console.warn('Picked place has no coordinates', place);
          return;
        }
        onPick(place);
      }}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <PlaceIcon fontSize="small" color="disabled" />
          <Typography variant="body2">{option.label}</Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {isFetching && searching ? <CircularProgress aria-hidden color="inherit" size={16} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
