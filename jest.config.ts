/** @jest-config-loader esbuild-register */
import type { Config } from 'jest'

const swc: Config['transform'] = {
  '^.+\\.(t|j|mj)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
}

const config: Config = {
  // antd screens in jsdom are slow on a busy 2-core machine; a test that hangs still fails.
  testTimeout: 30_000,
  // Jest's default leaves one of two cores idle; the suites are CPU-bound, so use both.
  maxWorkers: 2,
  projects: [
    {
      displayName: 'client',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/src'],
      testMatch: ['<rootDir>/src/{app,features,shared,testing}/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setupClient.ts'],
      transform: swc,
      transformIgnorePatterns: [
        '/node_modules/(?!(react-intl|@formatjs|intl-messageformat|@ant-design/colors|@ant-design/fast-color)/)',
      ],
      moduleNameMapper: {
        // antd's ES modules are not transformed for jest; its CommonJS build is the same code.
        '^antd/es/locale/(.*)$': '<rootDir>/node_modules/antd/lib/locale/$1',
        // Tests read whole catalogues; the build splits Amharic's (scripts/sign-in-messages.cjs).
        '^@locales/([a-z]+)\\.json(\\?.*)?$': '<rootDir>/locales/$1.json',
        '\\.css(\\?\\w+)?$': '<rootDir>/src/testing/styleStub.ts',
        '\\.(png|jpg|svg|woff2?)$': '<rootDir>/src/testing/fileStub.ts',
      },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/src', '<rootDir>/scripts'],
      testMatch: ['<rootDir>/src/{server,domain}/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts'],
      transform: swc,
      transformIgnorePatterns: [
        '/node_modules/(?!(jose|file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit)/)',
      ],
      moduleNameMapper: { '^file-type$': '<rootDir>/node_modules/file-type/index.js' },
    },
  ] as Config['projects'],
}

export default config
