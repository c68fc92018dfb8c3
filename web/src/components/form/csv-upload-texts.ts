import type { TFunction } from 'i18next';

/** The texts of an upload dialog, in the app's language. */
export interface CsvUploadTexts {
  title: string;
  help: string;
  header: string;
  example: string;
  chooseFile: string;
  noFile: string;
  submit: string;
  /** The file is larger than the server takes. */
  tooLarge: string;
  /** The browser could not read the file. */
  unreadable: string;
  /** The upload failed without a message from the server. */
  failed: string;
}

const TEXT_KEYS = ['title', 'help', 'header', 'example', 'chooseFile', 'noFile', 'submit', 'tooLarge', 'unreadable', 'failed'] as const;

/** A feature's upload texts: the keys of CsvUploadTexts under `prefix` (e.g. `import.title`); `title` replaces that one. */
export function csvUploadTexts(t: TFunction, prefix: string, title?: string): CsvUploadTexts {
  const texts = Object.fromEntries(TEXT_KEYS.map((key) => [key, t(`${prefix}.${key}`)])) as Record<(typeof TEXT_KEYS)[number], string>;
  return { ...texts, title: title ?? texts.title };
}
