// @ts-check
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Feature code may use another feature only through its public index (bulletproof-react). */
const crossFeatureInternals = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/.+',
  message: "Import another feature through its public index ('../feature'), not its internals.",
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
  // One-way imports: domain → shared → features → app; the server shares only domain.
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(app|features|server|shared|testing)(/|$)',
              message: 'src/domain is shared by client and server: it imports nothing above it.',
            },
            {
              regex: '^(react|react-dom|antd|node:.*|fs|path)$',
              message: 'No React or Node APIs in src/domain.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(app|features|server)(/|$)',
              message: 'src/shared serves features and app; it does not import them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            crossFeatureInternals,
            {
              regex: '^(\\.\\./)+app/(router|App|providers)$',
              message: 'Features do not import the app shell; the app composes features.',
            },
            { regex: '^(\\.\\./)+server(/|$)', message: 'The client never imports server code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // (server has its own app.ts and testing/, so only the client-only folders are named)
              regex: '^(\\.\\./)+(features|shared)(/|$)',
              message: 'The server shares only src/domain with the client.',
            },
            { regex: '^(react|react-dom|antd)$', message: 'No React on the server.' },
          ],
        },
      ],
    },
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
