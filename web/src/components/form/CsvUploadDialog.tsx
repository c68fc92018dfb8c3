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
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api';
import { CsvFilePicker, FileProblems, type FileProblem } from './CsvFileUpload';
import type { CsvUploadTexts } from './csv-upload-texts';

/** The test ids of the file input, the file's name and the three outcomes. */
export interface CsvUploadTestIds {
  file: string;
  name: string;
  result: string;
  error: string;
  problems: string;
}

type Outcome<Result> = { kind: 'done'; result: Result } | { kind: 'problems'; title: string; problems: FileProblem[] } | { kind: 'failed'; message: string };

const codeSx = { fontFamily: 'monospace', fontSize: '0.85rem', overflowWrap: 'anywhere', bgcolor: 'action.hover', p: 1, borderRadius: 1, display: 'block' } as const;

/**
 * A dialog that uploads a CSV file chosen on the device: what the file holds (its header line and
 * an example), the file picker, then the outcome: `done`'s sentence, every problem the server
 * found (`problemsOf` reads them from its refusal; undefined: none by line), or why it failed.
 * A file larger than `maxBytes` is refused before it is sent.
 */
export function CsvUploadDialog<Result>({
  texts,
  notice,
  header,
  headerTestId,
  example,
  maxBytes,
  upload,
  done,
  problemsOf,
  onUploaded,
  testIds,
  onClose,
}: {
  texts: CsvUploadTexts;
  /** Shown above the help (e.g. what is missing). */
  notice?: ReactNode;
  header: ReactNode;
  headerTestId?: string;
  example: ReactNode;
  maxBytes: number;
  upload: (text: string) => Promise<Result>;
  done: (result: Result) => string;
  problemsOf: (error: unknown) => { title: string; problems: FileProblem[] } | undefined;
  onUploaded?: (result: Result) => void;
  testIds: CsvUploadTestIds;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome<Result> | null>(null);
  const [sending, setSending] = useState(false);

  const choose = async (chosen: File | null) => {
    setOutcome(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > maxBytes) {
      setOutcome({ kind: 'failed', message: texts.tooLarge });
      return;
    }
    try {
      setFile({ name: chosen.name, text: await chosen.text() });
    } catch {
      setOutcome({ kind: 'failed', message: texts.unreadable });
    }
  };

  const submit = async () => {
    if (!file) return;
    setSending(true);
    try {
      const result = await upload(file.text);
      setOutcome({ kind: 'done', result });
      setFile(null);
      onUploaded?.(result);
    } catch (error) {
      const problems = problemsOf(error);
      setOutcome(problems ? { kind: 'problems', ...problems } : { kind: 'failed', message: errorMessage(error, texts.failed) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId} scroll="body">
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {notice}
          <DialogContentText>{texts.help}</DialogContentText>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
              {texts.header}
            </Typography>
            <Typography component="code" sx={codeSx} data-testid={headerTestId}>
              {header}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, mt: 1, mb: 0.5 }}>
              {texts.example}
            </Typography>
            <Typography component="code" sx={codeSx}>
              {example}
            </Typography>
          </Box>
          <CsvFilePicker
            chooseLabel={texts.chooseFile}
            fileName={file?.name}
            noFileLabel={texts.noFile}
            testId={testIds.file}
            nameTestId={testIds.name}
            onChoose={(chosen) => void choose(chosen)}
          />
          <Box aria-live="polite">
            {outcome?.kind === 'done' && (
              <Alert severity="success" data-testid={testIds.result}>
                {done(outcome.result)}
              </Alert>
            )}
            {outcome?.kind === 'failed' && (
              <Alert severity="error" data-testid={testIds.error} sx={{ overflowWrap: 'anywhere' }}>
                {outcome.message}
              </Alert>
            )}
            {outcome?.kind === 'problems' && <FileProblems title={outcome.title} testId={testIds.problems} problems={outcome.problems} />}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!file || sending}>
          {texts.submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
