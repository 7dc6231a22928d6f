// @ts-check
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { boundaries } from './eslint.boundaries.mjs'

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
