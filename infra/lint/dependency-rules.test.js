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
    ['packages/domain/src/x.ts', "import { moneySchema } from '@xaalis/contracts';", 'domain imports nothing of ours'],
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
    // a feature imports a sibling only through its index.ts (the remotes)
    [
      'mfe-accounting/src/features/invoices/x.tsx',
      "import { PaymentDialog } from '../payments/PaymentDialog';",
      "a feature imports a sibling only through its index.ts — import '../payments'",
    ],
    [
      'mfe-hr/src/features/employees/x.tsx',
      "export { PayslipDialog } from '../payroll/PayslipDialog';",
      'a feature imports a sibling only',
    ],
    [
      'mfe-accounting/src/features/settings/x.tsx',
      "import { MembersTab } from './members/MembersTab';",
      "a feature imports a sibling only through its index.ts — import './members'",
    ],
    ['mfe-sector/src/features/hotel/x.tsx', "import type { Recipe } from '../restaurant/api';", 'a feature imports a sibling only'],
    // no cycle between feature folders (against the features on disk: payroll/EmployeesPage
    // imports payroll, the payment dialog is on the invoices page, the signed-in area loads
    // the layout, the landing page uses the navigation, fiscal years show the integrity panel)
    [
      'mfe-hr/src/features/payroll/x.ts',
      "import { useListEmployeesQuery } from '../employees';",
      'no cycle between feature folders — payroll → employees → payroll',
    ],
    [
      'mfe-accounting/src/features/payments/x.ts',
      "import type { InvoiceDialogProps } from '../invoices';",
      'no cycle between feature folders — payments → invoices → payments',
    ],
    [
      'shell/src/features/layout/x.tsx',
      "import { SignedInArea } from '../session/SignedInArea';",
      'no cycle between feature folders — layout → session → layout',
    ],
    [
      'shell/src/features/navigation/x.ts',
      "export const page = () => import('../landing/LandingPage');",
      'no cycle between feature folders — navigation → landing → navigation',
    ],
    [
      'mfe-accounting/src/features/settings/integrity/x.tsx',
      "import { FiscalYearsTab } from '../fiscal-years';",
      'no cycle between feature folders — settings/integrity → settings/fiscal-years → settings/integrity',
    ],
    // a package is imported by its name, never through its src/
    [
      'mfe-accounting/src/x.tsx',
      "import { theme } from '@xaalis/web-kit/src/theme';",
      "a package is imported by its name — '@xaalis/web-kit'",
    ],
    ['shell/src/features/layout/x.tsx', "import { baseApi } from '@xaalis/web-kit/src/api';", 'a package is imported by its name'],
    ['shell/src/x.tsx', "import { toast } from '../../packages/web-kit/src/toast';", 'a package is imported by its name'],
    [
      'services/hr/src/x.ts',
      "import { roleCan } from '@xaalis/contracts/src/memberships';",
      "a package is imported by its name — '@xaalis/contracts'",
    ],
    [
      'mfe-hr/src/features/payroll/x.tsx',
      "import { renderWithApp } from '@xaalis/web-kit/src/testing/app';",
      'a package is imported by its name',
    ],
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

  const MONEY =
    'money is computed with @xaalis/domain (money module: sum, add, sub, mul, compare, money, dec…) — never decimal.js, BigInt or bigint literals directly';
  it.each([
    // decimal.js only behind the money module
    ['services/accounting/src/modules/x.ts', "import Decimal from 'decimal.js';"],
    ['services/sector/src/x.ts', "const Decimal = require('decimal.js');"],
    ['mfe-accounting/src/features/x/x.ts', "import { Decimal } from 'decimal.js';"],
    ['packages/contracts/src/x.ts', "import Decimal from 'decimal.js';"],
    // no BigInt cents: calls, literals, types
    ['services/hr/src/modules/x.ts', "export const cents = (v: string) => BigInt(v.replace('.', ''));"],
    ['gateway/src/x.ts', 'export const zero = 0n;'],
    ['mfe-hr/src/features/x/x.ts', 'export let total: bigint | undefined;'],
    ['shell/src/x.ts', 'export const big = 100n * 2n;'],
    ['packages/domain/src/payroll.ts', 'export const hundred = 100n;'],
    ['infra/src/local/x.ts', 'export const cents = BigInt(1);'],
  ])('%s: money outside the domain is refused', async (file, source) => {
    const messages = await lint(file, source);
    expect(messages.length).toBeGreaterThan(0);
    expect(new Set(messages)).toEqual(new Set([MONEY]));
  });

  it('a router and money on the same server file: both rules fire', async () => {
    const messages = await lint(
      'services/hr/src/modules/x/routes.ts',
      "import { Router } from 'express';\nexport const r = Router();\nexport const z = 0n;",
    );
    expect(messages).toEqual([
      'DESIGN §4: routers are case-sensitive — make them with caseSensitiveRouter() from @xaalis/service-kit, never express.Router()',
      MONEY,
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
    // money through the domain; the money module itself, tests and the integer-cents hot paths
    ['services/accounting/src/modules/x.ts', "import { sum, toCents } from '@xaalis/domain';\nexport const total = sum(['1.00', '2.50']);"],
    ['packages/domain/src/money.ts', "import DecimalJs from 'decimal.js';\nexport const cents = (v: string) => BigInt(v) * 100n;"],
    ['services/accounting/src/modules/x/x.test.ts', "import Decimal from 'decimal.js';\nexport const zero = 0n;"],
    ['services/accounting/src/modules/reports/statements.ts', 'export const zero = 0n;'],
    ['packages/contracts/src/x.ts', "import { isCalendarDate } from '@xaalis/domain';"],
    ['infra/src/x.ts', "import { createSequelize } from '@xaalis/service-kit';"],
    // features: a sibling's index, the feature's own files, the app's shared folders
    [
      'mfe-accounting/src/features/invoices/x.tsx',
      "import { PaymentDialog } from '../payments';\nimport { formatQuantity } from '../inventory/index';\nimport { invoicePdfUrl } from './api';\nimport { FilterSelect } from '../../ui/FilterSelect';\nimport { useListInvoicesQuery } from '../../api/invoiceList';",
    ],
    // a sub-feature uses its parent's files and its siblings' index; a parent its sub-feature's index
    [
      'mfe-accounting/src/features/settings/fiscal-years/x.tsx',
      "import { useSettingsRights } from '../rights';\nimport { IntegrityPanel } from '../integrity';\nimport { useListAccountsQuery } from '../../accounts';",
    ],
    [
      'mfe-accounting/src/features/settings/x.tsx',
      "import { MembersTab } from './members';\nimport { useSettingsRights } from './rights';",
    ],
    // tests take a sibling's fixtures; test helpers come from web-kit's src/testing
    ['mfe-accounting/src/features/treasury/x.test.tsx', "import { dashboardData } from '../dashboard/fixtures';"],
    ['mfe-hr/src/test-utils.tsx', "export { renderWithApp } from '@xaalis/web-kit/src/testing/app';"],
    // the shell's features by file (its chunks), and the signed-out pages' narrow web-kit modules
    [
      'shell/src/features/auth/x.tsx',
      "import { theme } from '@xaalis/web-kit/src/theme';\nimport { sendRequest } from '@xaalis/web-kit/src/http';\nimport { FullPageLoader } from '../session/FullPageLoader';",
    ],
    ['shell/src/features/session/x.tsx', "const AppLayout = () => import('../layout/AppLayout');\nexport { AppLayout };"],
  ])('%s may import what the design allows', async (file, source) => {
    expect(await lint(file, source)).toEqual([]);
  });
});
