import type { i18n as I18n } from 'i18next';

/** A namespace's `serverMessages`: key → the server's English sentence (en-US) or its translation. */
export type ServerMessages = Record<string, string>;

/**
 * The server's English sentence `text` in the translation `local` when en-US `common.json`
 * names it (serverMessages, kept equal to the server's constants by texts_test.go), else
 * `text` itself: a sentence the app has no key for is shown as the server wrote it.
 */
export function translateServerText(english: ServerMessages, local: ServerMessages | undefined, text: string): string {
  const wanted = text.trim();
  for (const [key, sentence] of Object.entries(english)) {
    if (sentence === wanted || sentence.toLowerCase() === wanted.toLowerCase()) return local?.[key] ?? text;
    const values = sentence.includes('{{') ? fill(sentence, wanted) : undefined;
    if (values && local?.[key]) return local[key].replace(/\{\{(\w+)\}\}/g, (_all, name: string) => values[name] ?? '');
  }
  return text;
}

/** The values of a sentence with {{placeholders}} (the server's figures) in `text`, or undefined when it is another sentence. */
function fill(sentence: string, text: string): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = sentence
    .split(/\{\{(\w+)\}\}/)
    .map((part, i) => (i % 2 ? (names.push(part), '(.+?)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(text);
  return match ? Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) : undefined;
}

/** translateServerText with i18next's texts: the current language's common:serverMessages. */
export function serverText(i18n: I18n, text: string): string {
  if (i18n.language === 'en-US') return text;
  const english = i18n.getResource('en-US', 'common', 'serverMessages') as ServerMessages | undefined;
  const local = i18n.getResource(i18n.language, 'common', 'serverMessages') as ServerMessages | undefined;
  return english ? translateServerText(english, local, text) : text;
}
