import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type SubmitErrorHandler, type SubmitHandler, type UseFormReturn } from 'react-hook-form';

interface FormProps<TInput extends FieldValues, TOutput extends FieldValues> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  onSubmit: SubmitHandler<TOutput>;
  /** Called instead of onSubmit when the fields do not validate. */
  onInvalid?: SubmitErrorHandler<TInput>;
  children: ReactNode;
  'aria-label'?: string;
  sx?: SxProps<Theme>;
}

/** A `<form>` wired to a `useZodForm()` result; inputs inside read it from context. */
export function Form<TInput extends FieldValues, TOutput extends FieldValues>({
  form,
  onSubmit,
  onInvalid,
  children,
  sx,
  ...rest
}: FormProps<TInput, TOutput>) {
  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)} sx={sx} aria-label={rest['aria-label']}>
        {children}
      </Box>
    </FormProvider>
  );
}
