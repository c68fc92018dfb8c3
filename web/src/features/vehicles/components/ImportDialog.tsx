import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvFilePicker, FileProblems } from '@/components/form/CsvFileUpload';
import { errorMessage } from '@/lib/api';
import { notify } from '@/lib/notifier';
import { useImportVehiclesMutation, type VehicleImportResult } from '../api/vehicles-api';
import { FLEET_LIST_HEADER, importProblems, type ImportProblem } from '../model/import-problems';

/** The server's bound on a fleet list upload (http/vehicle.go). */
const MAX_FILE_BYTES = 256 * 1024;
const EXAMPLE_LINE = 'TRK-110,1M8GDM9AXKP042788,P 4410,FL,diesel,150,yes,yes';

type Outcome = { kind: 'done'; result: VehicleImportResult } | { kind: 'problems'; problems: ImportProblem[] } | { kind: 'failed'; message: string };

const codeSx = { fontFamily: 'monospace', fontSize: '0.85rem', overflowWrap: 'anywhere', bgcolor: 'action.hover', p: 1, borderRadius: 1 } as const;

/** Import a fleet list (CSV): all or nothing; the answer is the counts, or every problem by line. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('vehicles');
  const titleId = useId();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [importVehicles, { isLoading }] = useImportVehiclesMutation();

  const choose = async (chosen: File | null) => {
    setOutcome(null);
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      setFile(null);
      setOutcome({ kind: 'failed', message: t('import.tooLarge') });
      return;
    }
    try {
      setFile({ name: chosen.name, text: await chosen.text() });
    } catch {
      setFile(null);
      setOutcome({ kind: 'failed', message: t('import.unreadable') });
    }
  };

  const submit = async () => {
    if (!file) return;
    try {
      const result = await importVehicles(file.text).unwrap();
      setOutcome({ kind: 'done', result });
      setFile(null);
      notify.success(t('import.done', result));
    } catch (error) {
      const problems = importProblems(error);
      setOutcome(problems ? { kind: 'problems', problems } : { kind: 'failed', message: errorMessage(error, t('import.failed')) });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId} scroll="body">
      <DialogTitle id={titleId}>{t('import.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('import.help')}</DialogContentText>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
              {t('import.header')}
            </Typography>
            <Typography component="code" sx={{ ...codeSx, display: 'block' }} data-testid="fleet-list-header">
              {FLEET_LIST_HEADER}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, mt: 1, mb: 0.5 }}>
              {t('import.example')}
            </Typography>
            <Typography component="code" sx={{ ...codeSx, display: 'block' }}>
              {EXAMPLE_LINE}
            </Typography>
          </Box>
          <CsvFilePicker
            chooseLabel={t('import.chooseFile')}
            fileName={file?.name}
            noFileLabel={t('import.noFile')}
            testId="fleet-list-file"
            nameTestId="fleet-list-name"
            onChoose={(chosen) => void choose(chosen)}
          />
          <Box aria-live="polite">
            {outcome?.kind === 'done' && (
              <Alert severity="success" data-testid="import-result">
                {t('import.done', outcome.result)}
              </Alert>
            )}
            {outcome?.kind === 'failed' && (
              <Alert severity="error" data-testid="import-error" sx={{ overflowWrap: 'anywhere' }}>
                {outcome.message}
              </Alert>
            )}
            {outcome?.kind === 'problems' && (
              <FileProblems
                title={t('import.problemsTitle', { count: outcome.problems.length })}
                testId="import-problems"
                problems={outcome.problems.map((problem) => ({
                  key: `${problem.line}:${problem.column ?? ''}`,
                  where: `${problem.line > 0 ? t('import.line', { line: problem.line }) : t('import.file')}${problem.column ? ` · ${problem.column}` : ''}`,
                  message: problem.message,
                }))}
              />
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!file || isLoading}>
          {t('import.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
