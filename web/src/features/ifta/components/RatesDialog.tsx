import Alert from '@mui/material/Alert';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CsvUploadDialog } from '@/components/form/CsvUploadDialog';
import { csvUploadTexts } from '@/components/form/csv-upload-texts';
import { fieldCodes, fieldErrors, type MessageCode } from '@/lib/api';
import { useUploadIftaRatesMutation } from '../api/ifta-api';
import { MAX_RATE_FILE_BYTES, RATE_FILE_HEADER } from '../model/quarter';
import '@/lib/i18n/texts/ifta';

/**
 * A bad line's problem in the viewer's language: its code worded from `rates.errors` with its
 * values (a column by its name in `rates.columns`, a fuel by `fuel`), or, for a code this app
 * does not know, the server's English message as translated texts go.
 */
function wordProblem(t: TFunction<'ifta'>, code: MessageCode | undefined, message: string): string {
  if (!code || !t(`rates.errors.${code.code}`, { defaultValue: '' })) return message;
  const params: Record<string, string | number> = { ...code.params };
  if (typeof params.column === 'string') params.column = t(`rates.columns.${params.column}`, { defaultValue: params.column });
  if (typeof params.fuelType === 'string') params.fuelType = t(`fuel.${params.fuelType}`, { defaultValue: params.fuelType });
  return t(`rates.errors.${code.code}`, params);
}

/** The server's bad lines ("line 4", or "file" for the file as a whole), in line order, worded in the viewer's language. */
function lineProblems(t: TFunction<'ifta'>, error: unknown): { where: string; message: string }[] | undefined {
  const byLine = fieldErrors(error);
  if (!byLine) return undefined;
  const codes = fieldCodes(error) ?? {};
  const line = (where: string) => Number(/^line (\d+)$/.exec(where)?.[1] ?? 0);
  return Object.entries(byLine)
    .map(([where, message]) => {
      const coded = codes[where];
      // One code per message: word each; without codes, the server's (translated) messages.
      const worded = coded?.length ? coded.map((code) => wordProblem(t, code, message)).join(', ') : message;
      return { where, message: worded };
    })
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
        const problems = lineProblems(t, error);
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
