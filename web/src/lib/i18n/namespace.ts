/** The namespace of a locale file's path (`…/en-US/planner.json` → `planner`). */
export const namespaceOf = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);

/** One language's texts by namespace, from an `import.meta.glob` of its locale files. */
export const byNamespace = <T>(files: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(files).map(([file, texts]) => [namespaceOf(file), texts]));
