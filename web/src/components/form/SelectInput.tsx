import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, useFormContext } from 'react-hook-form';

export type SelectInputProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'select'> & { name: string };

/** A choice list (MUI TextField select, its MenuItem children) bound to the surrounding Form by name. */
export function SelectInput({ name, helperText, onBlur, ...props }: SelectInputProps) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return (
    <TextField
      {...props}
      select
      name={field.name}
      value={field.value ?? ''}
      inputRef={field.ref}
      onChange={field.onChange}
      onBlur={(event) => {
        field.onBlur();
        onBlur?.(event);
      }}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
