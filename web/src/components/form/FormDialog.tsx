import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { Form } from './Form';
import { SubmitButton } from './SubmitButton';

interface FormDialogProps<TInput extends FieldValues, TOutput extends FieldValues> {
  title: string;
  form: UseFormReturn<TInput, unknown, TOutput>;
  onSubmit: SubmitHandler<TOutput>;
  onClose: () => void;
  busy: boolean;
  submitLabel: string;
  /** What went wrong that no field shows (the server's answer), above the fields. */
  failure?: string | null;
  /** The dialog's fields, one under the other. */
  children: ReactNode;
  /** Once sent, what came of it, shown instead of the form with one button that closes (its words `doneLabel`). */
  done?: ReactNode;
  doneLabel?: string;
}

/**
 * A small dialog that is one form: a title, the fields under each other (and what went wrong above
 * them), Cancel and the busy-aware submit button. Enter submits; Escape and Cancel close. With
 * `done` it shows what came of the form instead, in the same dialog.
 */
export function FormDialog<TInput extends FieldValues, TOutput extends FieldValues>({
  title,
  form,
  onSubmit,
  onClose,
  busy,
  submitLabel,
  failure,
  children,
  done,
  doneLabel,
}: FormDialogProps<TInput, TOutput>) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId} scroll="body">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {done ? (
        <>
          <DialogContent>{done}</DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button variant="contained" onClick={onClose} autoFocus>
              {doneLabel ?? t('actions.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <Form form={form} onSubmit={onSubmit} aria-label={title}>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {failure && (
                <Alert severity="error" sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}>
                  {failure}
                </Alert>
              )}
              {children}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>{t('actions.cancel')}</Button>
            <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
}
