/** The namespace of a locale file's path (`…/en-US/planner.json` → `planner`). */
export const namespaceOf = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
