import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import jupyter from '@jupyter/eslint-plugin';

export default tseslint.config(
  {
    ignores: [
      'lib/**',
      'lib-cli/**',
      'node_modules/**',
      'jupyterlab_modernizer/**',
      'ui-tests/node_modules/**',
      'ui-tests/test-results/**',
      'ui-tests/playwright-report/**',
      '.venv/**'
    ]
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // JupyterLab's own conventions; the plugin rules read the types of the tokens a
  // plugin requires.
  ...jupyter.configs.recommended,
  {
    // Strings of the core, the command line and the unit tests are not the UI's.
    files: ['src/core/**/*.ts', 'src/cli/**/*.ts', 'test/**/*.ts'],
    rules: { 'jupyter/no-untranslated-string': 'off' }
  },
  {
    files: ['src/jupyterlab/plugins/**/*.ts', 'src/index.ts'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname
      }
    }
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { react },
    settings: { react: { version: '18' } },
    rules: {
      ...react.configs.recommended.rules,
      'react/react-in-jsx-scope': 'off',
      '@typescript-eslint/naming-convention': [
        'error',
        {
          selector: 'interface',
          format: ['PascalCase'],
          custom: { regex: '^I[A-Z]', match: true }
        }
      ],
      '@typescript-eslint/no-unused-vars': ['error', { args: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-namespace': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: 'error',
      curly: ['error', 'all'],
      'prefer-arrow-callback': 'error'
    }
  }
);
