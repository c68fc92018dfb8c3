import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type FocusEvent, type HTMLInputTypeAttribute, type InputHTMLAttributes, type ReactNode } from 'react';
import { useController, useFormContext } from 'react-hook-form';

export interface TextInputProps {
  name: string;
  label: ReactNode;
  helperText?: ReactNode;
  /** An error from outside the schema (e.g. a server check), shown when the field itself is valid. */
  externalError?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  required?: boolean;
  placeholder?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  multiline?: boolean;
  minRows?: number;
  id?: string;
  sx?: SxProps<Theme>;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  /** As on TextField: `input` goes to the OutlinedInput, `htmlInput` to the <input>. */
  slotProps?: {
    input?: Partial<Pick<OutlinedInputProps, 'startAdornment' | 'endAdornment' | 'readOnly'>>;
    /** `shrink` keeps the label above an empty field (a placeholder or a time picker shows there). */
    inputLabel?: { shrink?: boolean };
    htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
  };
}

/**
 * An outlined text field bound to the surrounding Form by name; shows the field's error as
 * helper text. Built from TextField's parts without TextField itself, which always brings
 * Select, Menu and Popover along: this field is on the landing page (first bundle budget).
 * A choice list is SelectInput.
 */
export function TextInput({
  name,
  label,
  helperText,
  externalError,
  onBlur,
  size,
  fullWidth = true,
  id,
  sx,
  disabled,
  required,
  slotProps,
  ...inputProps
}: TextInputProps) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const generatedId = useId();
  const inputId = id ?? `${name}-${generatedId}`;
  const message = fieldState.error?.message ?? externalError ?? helperText;
  const helperId = message ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      fullWidth={fullWidth}
      size={size}
      sx={sx}
      disabled={disabled}
      required={required}
      error={Boolean(fieldState.error ?? externalError)}
    >
      <InputLabel htmlFor={inputId} shrink={slotProps?.inputLabel?.shrink}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...inputProps}
        {...slotProps?.input}
        id={inputId}
        label={label}
        notched={slotProps?.inputLabel?.shrink}
        name={field.name}
        value={field.value ?? ''}
        inputRef={field.ref}
        onChange={field.onChange}
        onBlur={(event) => {
          field.onBlur();
          onBlur?.(event);
        }}
        inputProps={slotProps?.htmlInput}
        aria-describedby={helperId}
      />
      {message && <FormHelperText id={helperId}>{message}</FormHelperText>}
    </FormControl>
  );
}
