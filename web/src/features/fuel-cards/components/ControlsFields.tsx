import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useController, useFormContext } from 'react-hook-form';
import { TextInput } from '@/components/form';
import { VisuallyHidden } from '@/components/layout/VisuallyHidden';
import { DAY_CODES, PRODUCT_CODES } from '../model/control-codes';
import type { NumericControl } from '../model/controls-form';
import '@/lib/i18n/texts/fuelCards';

/** A limit typed as text: '' is "no rule"; a $ or gal adornment says the unit. */
export function LimitInput({ name, label, unit }: { name: NumericControl; label: string; unit: 'dollars' | 'gallons' | 'count' }) {
  const { t } = useTranslation('fuelCards');
  const adornment =
    unit === 'dollars'
      ? { startAdornment: <InputAdornment position="start">$</InputAdornment> }
      : unit === 'gallons'
        ? { endAdornment: <InputAdornment position="end">{t('controls.gal')}</InputAdornment> }
        : {};
  return (
    <TextInput
      name={name}
      label={label}
      placeholder={t('controls.noRule')}
      fullWidth
      slotProps={{
        input: adornment,
        inputLabel: { shrink: true },
        htmlInput: { inputMode: unit === 'count' ? 'numeric' : 'decimal', autoComplete: 'off' },
      }}
    />
  );
}

/** Allowed products: a checkbox per product code; none checked = every product. */
export function ProductChecks() {
  const { t } = useTranslation('fuelCards');
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name: 'allowedProducts', control });
  const value = (field.value as string[] | undefined) ?? [];
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} variant="standard">
      <FormLabel component="legend">{t('controls.fields.allowedProducts')}</FormLabel>
      <FormGroup row>
        {PRODUCT_CODES.map((code, index) => (
          <FormControlLabel
            key={code}
            label={t(`controls.products.${code}`)}
            control={
              <Checkbox
                checked={value.includes(code)}
                slotProps={{ input: index === 0 ? { ref: field.ref } : {} }}
                onChange={(event) =>
                  field.onChange(event.target.checked ? [...value, code] : value.filter((item) => item !== code))
                }
                onBlur={field.onBlur}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>{fieldState.error?.message ?? t('controls.allWhenEmpty')}</FormHelperText>
    </FormControl>
  );
}

/** Allowed days: a toggle per weekday (buttons, so Tab and Space work); none = every day. */
export function DayToggles() {
  const { t } = useTranslation('fuelCards');
  const labelId = useId();
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name: 'allowedDays', control });
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} variant="standard" sx={{ minWidth: 0 }}>
      <FormLabel component="legend" id={labelId}>
        {t('controls.fields.allowedDays')}
      </FormLabel>
      <ToggleButtonGroup
        value={(field.value as string[] | undefined) ?? []}
        onChange={(_, days: string[]) => field.onChange(days)}
        aria-labelledby={labelId}
        size="small"
        color="primary"
        sx={{ mt: 1, display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', maxWidth: 420 }}
      >
        {DAY_CODES.map((day) => (
          // Shown "Mo", named "Monday": the full name is in the content, as an aria-label must contain what is shown.
          <ToggleButton key={day} value={day} sx={{ px: 0, minHeight: 40 }}>
            <span aria-hidden>{t(`controls.days.${day}.short`)}</span>
            <VisuallyHidden>{t(`controls.days.${day}.long`)}</VisuallyHidden>
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <FormHelperText>{fieldState.error?.message ?? t('controls.allWhenEmpty')}</FormHelperText>
    </FormControl>
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A multi-select over `options` bound to a string-list field; errors under it. */
export function MultiSelect({
  name,
  label,
  options,
  loading = false,
  helperText,
}: {
  name: 'allowedStates' | 'allowedChains' | 'blockedChains';
  label: string;
  options: readonly Choice[];
  loading?: boolean;
  helperText?: string;
}) {
  const { t } = useTranslation('fuelCards');
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const codes = (field.value as string[] | undefined) ?? [];
  const byValue = new Map(options.map((option) => [option.value, option]));
  // A saved code the catalog no longer lists still shows (and can be removed).
  const selected = codes.map((code) => byValue.get(code) ?? { value: code, label: code });
  return (
    <Autocomplete
      multiple
      options={options as Choice[]}
      value={selected}
      loading={loading}
      disableCloseOnSelect
      filterSelectedOptions
      limitTags={6}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, current) => option.value === current.value}
      onChange={(_, next) => field.onChange(next.map((option) => option.value))}
      onBlur={field.onBlur}
      loadingText={t('common:loading')}
      noOptionsText={t('controls.noOptions')}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          inputRef={field.ref}
          label={label}
          placeholder={codes.length === 0 ? t('controls.noRule') : undefined}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}

/** The contract's default zone, should the company object lack one. */
const DEFAULT_TIME_ZONE = 'America/Chicago';

/** The company's time zone: days, hours, day and week boundaries are counted in it. */
export function TimeZoneSelect({ zones }: { zones: readonly string[] }) {
  const { t } = useTranslation('fuelCards');
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name: 'timeZone', control });
  return (
    <Autocomplete
      options={zones as string[]}
      value={(field.value as string | undefined) ?? DEFAULT_TIME_ZONE}
      onChange={(_, zone) => field.onChange(zone)}
      onBlur={field.onBlur}
      disableClearable
      renderInput={(params) => (
        <TextField
          {...params}
          name="timeZone"
          inputRef={field.ref}
          label={t('controls.fields.timeZone')}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? t('controls.timeZoneHelp')}
        />
      )}
    />
  );
}
