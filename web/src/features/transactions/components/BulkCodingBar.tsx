import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notifier';
import { useSetTransactionsCodingMutation, type Coding } from '../api/transactions-api';
import '@/lib/i18n/texts/transactions';

const EMPTY: Coding = { account: '', class: '', job: '', memo: '' };

/** The purchases ticked on the list: how many, Apply coding (one coding on all of them) and Clear. */
export function BulkCodingBar({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const { t } = useTranslation('transactions');
  const [open, setOpen] = useState(false);
  const [coding, setCoding] = useState<Coding>(EMPTY);
  const [apply, { isLoading }] = useSetTransactionsCodingMutation();
  if (ids.length === 0) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await apply({ ids, coding }).unwrap();
      notify.success(t('coding.bulkSaved', { count: ids.length }));
      setOpen(false);
      setCoding(EMPTY);
      onDone();
    } catch (e) {
      notify.error(errorMessage(e, t('coding.saveFailed')));
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 1, mb: 1 }} data-testid="bulk-coding-bar">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ flexGrow: 1, pl: 1 }}>{t('coding.selected', { count: ids.length })}</Typography>
        <Button onClick={onDone}>{t('coding.clearSelection')}</Button>
        <Button variant="contained" onClick={() => setOpen(true)}>
          {t('coding.apply')}
        </Button>
      </Stack>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <form onSubmit={(event) => void submit(event)} aria-label={t('coding.apply')}>
          <DialogTitle>{t('coding.applyTo', { count: ids.length })}</DialogTitle>
          <DialogContent>
            <Stack spacing={1.5} sx={{ pt: 1 }}>
              {(['account', 'class', 'job', 'memo'] as const).map((field) => (
                <TextField
                  key={field}
                  size="small"
                  label={t(`coding.${field}`)}
                  value={coding[field]}
                  onChange={(event) => setCoding({ ...coding, [field]: event.target.value })}
                  slotProps={{ htmlInput: { maxLength: field === 'memo' ? 500 : 100 } }}
                  fullWidth
                />
              ))}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t('common:actions.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={isLoading}>
              {t('coding.apply')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Paper>
  );
}
