import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, useFormContext } from 'react-hook-form';

export type TextInputProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  name: string;
  /** An error from outside the schema (e.g. a server check), shown when the field itself is valid. */
  externalError?: string;
};

/** MUI TextField bound to the surrounding Form by name; shows the field's error as helper text. */
export function TextInput({ name, helperText, onBlur, externalError, ...props }: TextInputProps) {
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
      error={Boolean(fieldState.error ?? externalError)}
      helperText={fieldState.error?.message ?? externalError ?? helperText}
    />
  );
}
