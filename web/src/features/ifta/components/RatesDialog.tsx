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
import { errorMessage, fieldErrors } from '@/lib/api';
import { useUploadIftaRatesMutation } from '../api/ifta-api';
import type { IftaRatesUpload } from '../api/ifta-types';
import { MAX_RATE_FILE_BYTES, RATE_FILE_HEADER } from '../model/quarter';

type Outcome =
  | { kind: 'done'; result: IftaRatesUpload }
  | { kind: 'problems'; problems: { where: string; message: string }[] }
  | { kind: 'failed'; message: string };

const codeSx = { fontFamily: 'monospace', fontSize: '0.85rem', overflowWrap: 'anywhere', bgcolor: 'action.hover', p: 1, borderRadius: 1, display: 'block' } as const;

/** The server's bad lines ("line 4", or "file" for the file as a whole), in line order. */
function lineProblems(error: unknown): { where: string; message: string }[] | undefined {
  const byLine = fieldErrors(error);
  if (!byLine) return undefined;
  const line = (where: string) => Number(/^line (\d+)$/.exec(where)?.[1] ?? 0);
  return Object.entries(byLine)
    .map(([where, message]) => ({ where, message }))
    .sort((a, b) => line(a.where) - line(b.where));
}

/**
 * Upload the quarter's rates for the company (the rate file of `fuelportal import ifta-rates`): the
 * file's quarters replace the company's own rates, which win over the shared ones in its returns.
 * `missing` names the jurisdictions the return lacks a rate for.
 */
export function RatesDialog({ year, quarter, missing, onClose }: { year: number; quarter: number; missing: string[]; onClose: () => void }) {
  const { t } = useTranslation('ifta');
  const titleId = useId();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [upload, { isLoading }] = useUploadIftaRatesMutation();

  const choose = async (chosen: File | null) => {
    setOutcome(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > MAX_RATE_FILE_BYTES) {
      setOutcome({ kind: 'failed', message: t('rates.tooLarge') });
      return;
    }
    try {
      setFile({ name: chosen.name, text: await chosen.text() });
    } catch {
      setOutcome({ kind: 'failed', message: t('rates.unreadable') });
    }
  };

  const submit = async () => {
    if (!file) return;
    try {
      const result = await upload(file.text).unwrap();
      setOutcome({ kind: 'done', result });
      setFile(null);
    } catch (error) {
      const problems = lineProblems(error);
      setOutcome(problems ? { kind: 'problems', problems } : { kind: 'failed', message: errorMessage(error, t('rates.failed')) });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId} scroll="body">
      <DialogTitle id={titleId}>{t('rates.title', { period: `${year} Q${quarter}` })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {missing.length > 0 && (
            <Alert severity="warning" data-testid="ifta-rates-missing">
              {t('rates.missing', { jurisdictions: missing.join(', ') })}
            </Alert>
          )}
          <DialogContentText>{t('rates.help')}</DialogContentText>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
              {t('rates.header')}
            </Typography>
            <Typography component="code" sx={codeSx}>
              {/* A narrow phone breaks it after a comma, not inside a column's name. */}
              {RATE_FILE_HEADER.split(',').map((name, i) => (
                <span key={name}>
                  {i > 0 && ','}
                  {i > 0 && <wbr />}
                  {name}
                </span>
              ))}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, mt: 1, mb: 0.5 }}>
              {t('rates.example')}
            </Typography>
            <Typography component="code" sx={codeSx}>
              {`${year},${quarter},IN,diesel,0.5900,0.1100`}
              <br />
              {`${year},${quarter},OR,diesel,0,`}
            </Typography>
          </Box>
          <CsvFilePicker
            chooseLabel={t('rates.chooseFile')}
            fileName={file?.name}
            noFileLabel={t('rates.noFile')}
            testId="ifta-rates-file"
            nameTestId="ifta-rates-name"
            onChoose={(chosen) => void choose(chosen)}
          />
          <Box aria-live="polite">
            {outcome?.kind === 'done' && (
              <Alert severity="success" data-testid="ifta-rates-result">
                {t('rates.done', { count: outcome.result.stored })}
              </Alert>
            )}
            {outcome?.kind === 'failed' && (
              <Alert severity="error" data-testid="ifta-rates-error" sx={{ overflowWrap: 'anywhere' }}>
                {outcome.message}
              </Alert>
            )}
            {outcome?.kind === 'problems' && (
              <FileProblems
                title={t('rates.problems', { count: outcome.problems.length })}
                testId="ifta-rates-problems"
                problems={outcome.problems.map((problem) => ({
                  key: problem.where,
                  where: problem.where === 'file' ? t('rates.file') : t('rates.line', { line: problem.where.slice('line '.length) }),
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
          {t('rates.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
