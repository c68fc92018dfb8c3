import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form';

interface FormProps<TInput extends FieldValues, TOutput extends FieldValues> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  onSubmit: SubmitHandler<TOutput>;
  children: ReactNode;
  'aria-label'?: string;
  sx?: SxProps<Theme>;
}

/** A `<form>` wired to a `useZodForm()` result; inputs inside read it from context. */
export function Form<TInput extends FieldValues, TOutput extends FieldValues>({
  form,
  onSubmit,
  children,
  sx,
  ...rest
}: FormProps<TInput, TOutput>) {
  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)} sx={sx} aria-label={rest['aria-label']}>
        {children}
      </Box>
    </FormProvider>
  );
}
