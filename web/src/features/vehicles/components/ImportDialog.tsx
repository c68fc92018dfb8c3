import { useTranslation } from 'react-i18next';
import { CsvUploadDialog } from '@/components/form/CsvUploadDialog';
import { csvUploadTexts } from '@/components/form/csv-upload-texts';
import { notify } from '@/lib/notifier';
import { useImportVehiclesMutation } from '../api/vehicles-api';
import { FLEET_LIST_HEADER, importProblems } from '../model/import-problems';
import '@/lib/i18n/texts/vehicles';

/** The server's bound on a fleet list upload (http/vehicle.go). */
const MAX_FILE_BYTES = 256 * 1024;
const EXAMPLE_LINE = 'TRK-110,1M8GDM9AXKP042788,P 4410,FL,diesel,150,yes,yes';

/** Import a fleet list (CSV): all or nothing; the answer is the counts, or every problem by line. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('vehicles');
  const [importVehicles] = useImportVehiclesMutation();
  return (
    <CsvUploadDialog
      texts={csvUploadTexts(t, 'import')}
      header={FLEET_LIST_HEADER}
      headerTestId="fleet-list-header"
      example={EXAMPLE_LINE}
      maxBytes={MAX_FILE_BYTES}
      upload={(text) => importVehicles(text).unwrap()}
      done={(result) => t('import.done', result)}
      onUploaded={(result) => notify.success(t('import.done', result))}
      problemsOf={(error) => {
        const problems = importProblems(error);
        return (
          problems && {
            title: t('import.problemsTitle', { count: problems.length }),
            problems: problems.map((problem) => ({
              key: `${problem.line}:${problem.column ?? ''}`,
              where: `${problem.line > 0 ? t('import.line', { line: problem.line }) : t('import.file')}${problem.column ? ` · ${problem.column}` : ''}`,
              message: problem.message,
            })),
          }
        );
      }}
      testIds={{ file: 'fleet-list-file', name: 'fleet-list-name', result: 'import-result', error: 'import-error', problems: 'import-problems' }}
      onClose={onClose}
    />
  );
}
