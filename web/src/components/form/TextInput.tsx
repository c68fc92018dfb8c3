import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, useFormContext } from 'react-hook-form';

export type TextInputProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & { name: string };

/** MUI TextField bound to the surrounding Form by name; shows the field's error as helper text. */
export function TextInput({ name, helperText, onBlur, ...props }: TextInputProps) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return (
    <TextField
      {...props}
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
