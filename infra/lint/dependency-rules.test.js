// Each line of DESIGN.md §1 refuses what it forbids, with its own message, and lets
// through what the design allows. Linted as text at paths of the repository (no type
// information needed), with the very blocks eslint.config.js includes.
const path = require('node:path');
const { ESLint } = require('eslint');
const tseslint = require('typescript-eslint');
const { dependencyRules } = require('./dependency-rules');

const root = path.resolve(__dirname, '..', '..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...dependencyRules],
});

/** The messages ESLint gives for `source` as if it were the file at `file`. */
async function lint(file, source) {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.message);
}

describe('dependency rules of DESIGN.md §1', () => {
  it('are part of the repository ESLint config', () => {
    const config = require('../../eslint.config.js');
    for (const block of dependencyRules) expect(config).toContain(block);
  });

  it.each([
    // a service never imports another service or the gateway
    ['services/hr/src/modules/x.ts', "import { start } from '../../../accounting/src/server';", 'a service never imports another service'],
    ['services/hr/src/x.ts', "import { accountingService } from '@xaalis/service-accounting';", 'a service never imports another service'],
    ['services/hr/src/x.ts', "import { start } from '../../accounting/src/server.js';", 'a service never imports another service'],
    [
      'services/sector/src/x.ts',
      "import { start } from '../../../gateway/src/server';",
      'a service never imports another service or the gateway',
    ],
    // the shell never imports a remote
    [
      'shell/src/x.tsx',
      "import Invoices from '../../mfe-accounting/src/features/invoices/InvoicesPage';",
      'the shell never imports a remote',
    ],
    ['shell/src/x.tsx', "import '@xaalis/mfe-hr';", 'the shell never imports a remote'],
    // remotes never import each other or the shell
    ['mfe-hr/src/x.tsx', "import { ui } from '../../mfe-accounting/src/ui/states';", 'remotes never import each other or the shell'],
    [
      'mfe-sector/src/x.tsx',
      "import { Sidebar } from '../../shell/src/features/layout/Sidebar';",
      'remotes never import each other or the shell',
    ],
    // front ends never import service-kit; services never import web-kit
    ['mfe-accounting/src/x.tsx', "import { HttpError } from '@xaalis/service-kit';", 'front ends never import service-kit'],
    ['packages/web-kit/src/x.ts', "import { HttpError } from '@xaalis/service-kit';", 'front ends never import service-kit'],
    ['services/accounting/src/x.ts', "import { toast } from '@xaalis/web-kit';", 'services never import web-kit'],
    // no React on the server side
    ['services/accounting/src/x.ts', "import { useState } from 'react';", 'no React on the server side'],
    ['gateway/src/x.ts', "import Button from '@mui/material/Button';", 'no React on the server side'],
    // packages never import an app; contracts imports nothing of ours
    [
      'packages/web-kit/src/x.ts',
      "import { AppLayout } from '../../../shell/src/features/layout/AppLayout';",
      'packages never import an app',
    ],
    ['packages/service-kit/src/x.ts', "import { entriesApi } from '@xaalis/service-accounting';", 'packages never import an app'],
    ['packages/contracts/src/x.ts', "import { formatXof } from '@xaalis/web-kit';", 'contracts imports nothing of ours'],
    // apps import packages only
    ['gateway/src/x.ts', "import { entriesApi } from '../../services/accounting/src/modules/entries';", 'apps import packages only'],
    ['mfe-accounting/src/x.ts', "import { config } from '../../gateway/src/config';", 'apps import packages only'],
    [
      'services/accounting/src/x.ts',
      "const page = require('../../../mfe-accounting/src/features/invoices/InvoicesPage');",
      'apps import packages only',
    ],
    // the tooling sits above the product
    ['services/accounting/src/x.ts', "import { seedDemo } from '@xaalis/infra/demo';", 'product code never imports the tooling'],
  ])('%s: %s', async (file, source, rule) => {
    const messages = await lint(file, source);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(`DESIGN §1: ${rule}`);
  });

  it.each([
    ['services/hr/src/modules/x/routes.ts', "import { Router } from 'express';\nexport const r = Router();"],
    ['gateway/src/modules/x/routes.ts', "import express from 'express';\nexport const r = express.Router();"],
  ])('%s: a router not made case-sensitive is refused', async (file, source) => {
    const messages = await lint(file, source);
    expect(messages).toEqual([
      'DESIGN §4: routers are case-sensitive — make them with caseSensitiveRouter() from @xaalis/service-kit, never express.Router()',
    ]);
  });

  it.each([
    [
      'services/accounting/src/modules/x.ts',
      "import { HttpError } from '@xaalis/service-kit';\nimport { MESSAGES_HTTP } from '@xaalis/contracts';\nimport { postEntry } from '../posting';",
    ],
    ['gateway/src/x.ts', "import { parseOr400 } from '@xaalis/service-kit';\nimport express from 'express';"],
    ['services/sector/src/x.ts', "import { caseSensitiveRouter } from '@xaalis/service-kit';\nexport const r = caseSensitiveRouter();"],
    [
      'mfe-accounting/src/x.tsx',
      "import { useState } from 'react';\nimport Button from '@mui/material/Button';\nimport { baseApi } from '@xaalis/web-kit';\nimport { APP_ROUTES } from '@xaalis/contracts';",
    ],
    ['shell/src/x.tsx', "import { RemotePage } from './features/remotes/RemotePage';\nimport { useAuth } from '@xaalis/web-kit';"],
    ['packages/web-kit/src/x.ts', "import { MESSAGES_HTTP } from '@xaalis/contracts';"],
    ['e2e/src/x.ts', "import { seedDemo } from '@xaalis/infra/demo';"],
    ['infra/src/x.ts', "import { createSequelize } from '@xaalis/service-kit';"],
  ])('%s may import what the design allows', async (file, source) => {
    expect(await lint(file, source)).toEqual([]);
  });
});
