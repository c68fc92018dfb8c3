import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'startIcon'> {
  /** While true the button is disabled and shows a spinner (docs/product.md §2: loading states). */
  busy: boolean;
}

/** A form's contained submit button with its busy state. */
export function SubmitButton({ busy, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      {...props}
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress aria-hidden size={18} color="inherit" /> : undefined}
    />
  );
}
