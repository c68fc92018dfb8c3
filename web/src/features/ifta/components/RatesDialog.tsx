import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { CsvUploadDialog } from '@/components/form/CsvUploadDialog';
import { csvUploadTexts } from '@/components/form/csv-upload-texts';
import { fieldErrors } from '@/lib/api';
import { useUploadIftaRatesMutation } from '../api/ifta-api';
import { MAX_RATE_FILE_BYTES, RATE_FILE_HEADER } from '../model/quarter';
import '@/lib/i18n/texts/ifta';

/** The server's bad lines ("line 4", or "file" for the file as a whole), in line order. */
function lineProblems(error: unknown): { where: string; message: string }[] | undefined {
  const byLine = fieldErrors(error);
  if (!byLine) return undefined;
  const line = (where: string) => Number(/^line (\d+)$/.exec(where)?.[1] ?? 0);
  return Object.entries(byLine)
    .map(([where, message]) => ({ where, message }))
    .sort((a, b) => line(a.where) - line(b.where));
}

/** A CSV line that a narrow phone breaks after a comma, never inside a column's name or number. */
const breakAfterCommas = (line: string) =>
  line.split(',').map((column, i) => (
    <span key={i}>
      {i > 0 && ','}
      {i > 0 && <wbr />}
      {column}
    </span>
  ));

/**
 * Upload the quarter's rates for the company (the rate file of `fuelportal import ifta-rates`): the
 * file's quarters replace the company's own rates, which win over the shared ones in its returns.
 * `missing` names the jurisdictions the return lacks a rate for.
 */
export function RatesDialog({ year, quarter, missing, onClose }: { year: number; quarter: number; missing: string[]; onClose: () => void }) {
  const { t } = useTranslation('ifta');
  const [upload] = useUploadIftaRatesMutation();
  return (
    <CsvUploadDialog
      texts={csvUploadTexts(t, 'rates', t('rates.title', { period: `${year} ${t('quarterOption', { quarter })}` }))}
      notice={
        missing.length > 0 && (
          <Alert severity="warning" data-testid="ifta-rates-missing">
            {t('rates.missing', { jurisdictions: missing.join(', ') })}
          </Alert>
        )
      }
      header={breakAfterCommas(RATE_FILE_HEADER)}
      example={
        <>
          {breakAfterCommas(`${year},${quarter},IN,diesel,0.5900,0.1100`)}
          <br />
          {breakAfterCommas(`${year},${quarter},OR,diesel,0,`)}
        </>
      }
      maxBytes={MAX_RATE_FILE_BYTES}
      upload={(text) => upload(text).unwrap()}
      done={(result) => t('rates.done', { count: result.stored })}
      problemsOf={(error) => {
        const problems = lineProblems(error);
        return (
          problems && {
            title: t('rates.problems', { count: problems.length }),
            problems: problems.map((problem) => ({
              key: problem.where,
              where: problem.where === 'file' ? t('rates.file') : t('rates.line', { line: problem.where.slice('line '.length) }),
              message: problem.message,
            })),
          }
        );
      }}
      testIds={{ file: 'ifta-rates-file', name: 'ifta-rates-name', result: 'ifta-rates-result', error: 'ifta-rates-error', problems: 'ifta-rates-problems' }}
      onClose={onClose}
    />
  );
}
