// @ts-check
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { boundaries } from './eslint.boundaries.mjs'

const FEATURES = 'src/server/features'
const SERVER_LAYERS = {
  routes: [`${FEATURES}/**/routes.ts`, `${FEATURES}/**/*Routes.ts`, `${FEATURES}/*/routes/*.ts`],
  services: [
    `${FEATURES}/**/service.ts`,
    `${FEATURES}/**/*Service.ts`,
    `${FEATURES}/**/schemas.ts`,
    `${FEATURES}/**/*Schemas.ts`,
  ],
}
const NO_SQL = [
  {
    selector:
      'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
    message: "A query belongs in the feature's repository.",
  },
  {
    selector: "TaggedTemplateExpression[tag.name='sql'], MemberExpression[object.name='sql']",
    message: "SQL belongs in the feature's repository.",
  },
]
const NO_TRANSACTION = {
  selector: "CallExpression[callee.property.name='transaction']",
  message: 'A route opens no transaction: its service does.',
}

export default tseslint.config(
  {
    ignores: ['node_modules', 'dist', 'data', 'coverage', 'e2e/artifacts', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Who may import whom: eslint.boundaries.mjs.
  boundaries,
  // A server feature's SQL is in its repositories (docs/architecture.md, "The server").
  {
    files: SERVER_LAYERS.services.concat(SERVER_LAYERS.routes),
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...NO_SQL] },
  },
  {
    files: SERVER_LAYERS.routes,
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...NO_SQL, NO_TRANSACTION] },
  },
  {
    // Migrations see the schema as it was then, not as the Database type says now.
    files: [
      'src/server/db/migrations/**/*.ts',
      'src/server/db/migrate.ts',
      'src/server/db/portable.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
)
