import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, type ChangeEvent } from 'react';

/** One problem of a refused file: where (e.g. "Line 3 · vin") and what. */
export interface FileProblem {
  key: string;
  where: string;
  message: string;
}

/**
 * A CSV file chosen on the device for an upload: the Choose file button (a hidden file input,
 * `testId`), the chosen file's name beside it (`nameTestId`); `onChoose` gets the file, or null when none was
 * chosen. The input is emptied each time, so the same file can be chosen again.
 */
export function CsvFilePicker({
  chooseLabel,
  fileName,
  noFileLabel,
  testId,
  nameTestId,
  onChoose,
}: {
  chooseLabel: string;
  fileName: string | undefined;
  noFileLabel: string;
  testId: string;
  nameTestId: string;
  onChoose: (file: File | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    onChoose(chosen);
  };
  return (
    <>
      <input ref={input} type="file" accept=".csv,text/csv" hidden data-testid={testId} onChange={choose} />
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} sx={{ flexShrink: 0 }}>
          {chooseLabel}
        </Button>
        <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid={nameTestId}>
          {fileName ?? noFileLabel}
        </Typography>
      </Stack>
    </>
  );
}

/** A refused file's problems, one per line: where in bold, then the message. */
export function FileProblems({ title, problems, testId }: { title: string; problems: FileProblem[]; testId: string }) {
  return (
    <Alert severity="error" data-testid={testId} sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
      <AlertTitle>{title}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {problems.map((problem) => (
          <Typography component="li" variant="body2" key={problem.key} sx={{ overflowWrap: 'anywhere' }}>
            <strong>{problem.where}</strong>
            {`: ${problem.message}`}
          </Typography>
        ))}
      </Box>
    </Alert>
  );
}
