import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'playwright-report', 'test-results', 'src/lib/api/schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh, 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.app.json' })],
    },
    rules: {
      // Modules that import each other in a loop load in an order nobody chose. A package never
      // imports our modules, so no loop of ours passes through one: the rule does not walk them.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // MUI 9 has no system props: Typography's color takes a palette name ('textSecondary',
      // 'success', 'error'…) and silently ignores a theme path ('text.secondary').
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='Typography'] > JSXAttribute[name.name='color'] Literal[value=/\\./]",
          message: "Typography's color takes 'textSecondary', 'success', 'error'…; for another shade use sx={{ color: 'error.light' }}.",
        },
      ],
      // Features must not import each other: shared code lives in src/components or src/lib.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*/*'],
              message: 'Import a feature only through its index.ts (and only from src/app).',
            },
          ],
        },
      ],
    },
  },
  {
    // index.html's entry starts the light sign-in page before the app: it imports the auth
    // feature's second public file (sign-in.ts), not its index.ts, which brings the store and router.
    files: ['src/main.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*/*', '!@/features/auth/sign-in'],
              message: 'Import a feature only through its index.ts (and only from src/app); src/main.tsx may import @/features/auth/sign-in.',
            },
          ],
        },
      ],
    },
  },
  {
    // The dashboard's route loads only the sections it shows from the fuel-cards and trips
    // features (their dashboard.ts), not their pages with their forms.
    files: ['src/app/dashboard-route.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*/*', '!@/features/fuel-cards/dashboard', '!@/features/trips/dashboard'],
              message: 'Import a feature only through its index.ts (and only from src/app); the dashboard route may import a feature\'s dashboard.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The planner's route loads the two pieces of the trips feature it shows (its planner.ts), not
    // the trips pages with their tables and forms.
    files: ['src/app/router.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*/*', '!@/features/trips/planner'],
              message: "Import a feature only through its index.ts (and only from src/app); the router may import the trips feature's planner.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features/*', '@/features/*/*'], message: 'No imports across features: move shared code to src/components or src/lib.' },
            { group: ['@/app', '@/app/*'], message: 'Features never import from src/app: the app imports features.' },
          ],
        },
      ],
    },
  },
  {
    // Shared code serves every feature: it never reaches up into the app or a feature.
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/app', '@/app/*', '../app/*', '../../app/*'], message: 'Shared code (src/lib, src/components) never imports from src/app.' },
            { group: ['@/features', '@/features/*', '@/features/*/*'], message: 'Shared code (src/lib, src/components) never imports from a feature.' },
          ],
        },
      ],
    },
  },
);
