import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';

const NO_SERVER = { group: ['**/server/**'], message: 'The web app may import src/shared, never src/server.' };

/**
 * The web app's layers (HOUSE-STYLE.md, after bulletproof-react): shared code (components, lib,
 * config) imports no feature and not the app; a feature imports no other feature, except along the
 * edges declared here, and not the app; the app (app/, the entries) composes them all.
 */
const FEATURES = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const FEATURE_DEPENDENCIES = {
  // The customer books and pays: the checkout flow is the payments feature's. Their Profile tab shows
  // the account's own settings (email notifications, change password), which are the auth feature's.
  customer: ['payments', 'auth'],
};

export default tseslint.config(
  { ignores: ['dist', 'drizzle', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app talks to the server only over HTTP; it must never import server code.
      'no-restricted-imports': ['error', { patterns: [NO_SERVER] }],
    },
  },
  {
    files: ['src/web/{components,lib,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_SERVER,
            {
              group: ['@/features/*', '@/app/*'],
              message: 'Shared code imports no feature and not the app: move what both need into shared code.',
            },
          ],
        },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_SERVER,
            {
              group: [
                '@/features/*',
                ...[feature, ...(FEATURE_DEPENDENCIES[feature] ?? [])].map((f) => `!@/features/${f}`),
                '@/app/*',
                '../../*',
              ],
              message: `The ${feature} feature imports no other feature (except those eslint.config.js declares) and not the app: compose them in src/web/app, or move what both need into shared code.`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', 'react', 'react-dom'], message: 'Server and shared code never import the web app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
