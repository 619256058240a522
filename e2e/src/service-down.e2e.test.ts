import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  MESSAGES_PAYROLL_SETTINGS,
  MESSAGES_SECTOR_MODULES,
  MESSAGES_SERVICES,
  serviceUnavailableMessage,
  type AccountingEntry,
  type EmployeeInput,
  type EntryListResponse,
  type ProjectInput,
  type ServiceName,
  type TimesheetInput,
} from '@xaalis/contracts';
import { apiGet, apiHeaders, apiPost, launch, newPage, registerViaApi } from './browser';

/*
 * Faults: one domain service stopped while the rest of the product runs (DESIGN.md §5). Only its
 * pages degrade — each says in French that the service is unavailable, inside the shell, whose
 * sidebar keeps working — and the pages of the other services show their data, including those
 * that read the stopped service's data (with their own French notice). Once the service is back,
 * its pages work again.
 *
 * The app's supervisor (infra/src/local/supervisor.ts) restarts a service that dies within a
 * second. To keep one down for a while, the test pauses the supervisor (SIGSTOP), stops the
 * service with SIGTERM (its own graceful shutdown), and to bring it back resumes the supervisor
 * (SIGCONT), which sees the exit and restarts the service as after any crash; the test waits for
 * its /ready. afterAll resumes it whatever happened (and e2e/setup/stop-app.js sends SIGCONT too),
 * so the following e2e files find every service running.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The data created before stopping anything. */
let invoiceNumber: string;
let entryNumber: string;
let companyId: string;

/** Services this file stopped and has not restarted yet. */
const stopped = new Set<ServiceName>();

const supervisorPid = (): number => {
  const pid = Number(process.env.E2E_APP_PID);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error('E2E_APP_PID is not set: run through e2e/jest.config.js');
  return pid;
};

const servicePort = (service: ServiceName): number => {
  const ports = JSON.parse(process.env.E2E_SERVICE_PORTS ?? '{}') as Partial<Record<ServiceName, number>>;
  const port = ports[service];
  if (!port) throw new Error('E2E_SERVICE_PORTS is not set: run through e2e/jest.config.js');
  return port;
};

/** The live process the supervisor runs for `services/<service>/dist/server.js` (Linux /proc). */
function servicePid(service: ServiceName): number {
  const parent = supervisorPid();
  const script = path.join('services', service, 'dist', 'server.js');
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces, the fields after its ')' do not.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) !== parent || state === 'Z') continue;
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.some((a) => a.endsWith(script))) return Number(entry);
    } catch {
      /* the process ended meanwhile */
    }
  }
  throw new Error(`no running ${service} service under the supervisor ${parent}`);
}

/** True once nothing listens on the port any more (the connection is refused). */
const refused = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

const ready = async (port: number): Promise<boolean> => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
};

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops one service and keeps it down: supervisor paused, then the service's own SIGTERM shutdown. */
async function stopService(service: ServiceName): Promise<void> {
  const pid = servicePid(service);
  process.kill(supervisorPid(), 'SIGSTOP');
  stopped.add(service);
  process.kill(pid, 'SIGTERM');
  await until(`${service} to stop listening`, () => refused(servicePort(service)), 10_000);
}

/** The supervisor resumed: it restarts the service as after a crash; resolves once /ready answers. */
async function restartService(service: ServiceName): Promise<void> {
  if (!stopped.has(service)) return;
  process.kill(supervisorPid(), 'SIGCONT');
  await until(`${service} to be ready again`, () => ready(servicePort(service)), 30_000);
  stopped.delete(service);
}

const sidebar = () => page.getByTestId('sidebar');
const heading = (name: string) => page.getByRole('heading', { level: 1, name });

/** The page's error state: its own French title and the gateway's "Service … indisponible" message. */
async function expectUnavailable(title: string, service: ServiceName): Promise<void> {
  const alert = page.getByRole('alert').filter({ hasText: title });
  await alert.getByText(serviceUnavailableMessage(service), { exact: true }).waitFor();
  await alert.getByRole('button', { name: 'Réessayer' }).waitFor();
}

/** Nothing technical or English on screen (a raw error, a failed fetch, a crash). */
async function expectNoTechnicalText(): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\b(error|failed|fetch|undefined|null|NaN|exception|unexpected|status code|ECONN\w*)\b/i);
}

/** The accounting pages, reached through the sidebar: their data is there. */
async function expectAccountingWorks(): Promise<void> {
  await sidebar().getByRole('link', { name: 'Factures' }).click();
  await heading('Factures').waitFor();
  await page.getByRole('table', { name: 'Factures' }).getByText(invoiceNumber).first().waitFor();

  await sidebar().getByRole('link', { name: 'Tableau de Bord' }).click();
  await heading('Tableau de Bord').waitFor();
  await page
    .getByRole('group', { name: "Chiffre d'Affaires", exact: true })
    .getByText(/1\s000\s000\sXOF/)
    .waitFor();

  await sidebar().getByRole('link', { name: 'Écritures Comptables' }).click();
  await page.getByRole('table', { name: 'Écritures comptables' }).getByText(entryNumber, { exact: true }).waitFor();
  await expectNoTechnicalText();
}

const pageErrors: string[] = [];

/**
 * Each test waits for a service to boot again (its /ready): about 10 s when the machine is busy
 * (two cores shared by parallel test runs), on top of a dozen page loads. Room above the default 60 s.
 */
const FAULT_TEST_TIMEOUT_MS = 120_000;

beforeAll(async () => {
  browser = await launch();
  ({ context, page } = await newPage(browser));
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await registerViaApi(context, 'service');
  ({ companyId } = await apiGet<{ companyId: string }>(context, '/api/user'));
  const base = `/api/companies/${companyId}`;
  const today = new Date().toISOString().slice(0, 10);

  // Accounting: a client and a validated service invoice (1 000 000 XOF HT → its VT entry).
  const client = await apiPost<{ id: string }>(context, `${base}/third-parties`, { type: 'client', name: 'Cabinet Diallo' });
  ({ number: invoiceNumber } = await apiGet<{ number: string }>(context, `${base}/invoices/next-number?type=service&date=${today}`));
  const invoice = await apiPost<{ id: string }>(context, `${base}/invoices`, {
    invoice: { type: 'service', number: invoiceNumber, thirdPartyId: client.id, date: today, paymentMethod: 'bank', vatRate: '18' },
    lines: [{ description: 'Audit comptable', quantity: '1', unitPrice: '1000000' }],
  });
  const validated = await context.request.patch(`/api/invoices/${invoice.id}/validate`, { headers: apiHeaders() });
  if (!validated.ok()) throw new Error(`validate: ${validated.status()} ${await validated.text()}`);
  const entries = await apiGet<EntryListResponse>(context, `${base}/accounting-entries`);
  const entry: AccountingEntry | undefined = entries.items.find((e) => e.status === 'validated');
  if (!entry) throw new Error('no validated entry after the invoice');
  entryNumber = entry.number;

  // HR: an employee. Sector: an active project for the client and a timesheet of the employee on it.
  const employee = await apiPost<{ id: string }>(context, `${base}/employees`, {
    employeeNumber: 'M001',
    firstName: 'Moussa',
    lastName: 'Fall',
    position: 'Comptable',
    hireDate: '2025-01-06',
    salary: '350000',
  } satisfies EmployeeInput);
  const project = await apiPost<{ id: string }>(context, `${base}/projects`, {
    name: 'Audit fiscal',
    clientId: client.id,
    startDate: today,
    hourlyRate: '15000',
    status: 'active',
  } satisfies ProjectInput);
  await apiPost(context, `${base}/timesheets`, {
    employeeId: employee.id,
    projectId: project.id,
    date: today,
    startTime: '08:30',
    endTime: '17:00',
    breakTime: 45,
  } satisfies TimesheetInput);
});

afterAll(async () => {
  // Whatever happened: the supervisor resumed and every stopped service ready again for the next files.
  for (const service of [...stopped]) await restartService(service);
  await browser?.close();
});

test(
  'HR stopped: Personnel and Paie say so in French inside the shell; accounting and the Services page keep their data; back after restart',
  async () => {
    await stopService('hr');

    // The gateway answers its 503 JSON at once (the connection is refused: no timeout to wait for).
    const askedAt = Date.now();
    const res = await context.request.get(`/api/companies/${companyId}/employees`, { headers: apiHeaders() });
    expect(res.status()).toBe(503);
    expect(await res.json()).toEqual({ message: serviceUnavailableMessage('hr') });
    expect(Date.now() - askedAt).toBeLessThan(1000);

    // The HR pages: their French error state with the gateway's 503 message, inside the shell.
    await page.goto('/employes');
    await heading('Gestion du Personnel').waitFor();
    await expectUnavailable('Impossible de charger les employés', 'hr');
    await expectNoTechnicalText();
    await sidebar().getByRole('link', { name: 'Paie' }).click();
    await heading('Gestion de la Paie').waitFor();
    await expectUnavailable('Impossible de charger les bulletins de paie', 'hr');
    await expectNoTechnicalText();

    // Accounting is untouched, reached through the sidebar.
    await expectAccountingWorks();

    // Paramètres → Paie (accounting remote, HR data): the tab's own notice.
    await sidebar().getByRole('link', { name: 'Paramètres' }).click();
    await page.getByRole('tab', { name: 'Paie', exact: true }).click();
    await page.getByText(MESSAGES_PAYROLL_SETTINGS.unavailable, { exact: true }).waitFor();

    // Services (sector data with HR's employee names): its projects and timesheets, the names replaced by '—' and a notice.
    await sidebar().getByRole('link', { name: 'Services' }).click();
    await heading('Gestion des Services').waitFor();
    await page.getByRole('article', { name: 'Audit fiscal' }).getByText('Cabinet Diallo', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Feuilles de temps' }).click();
    await page.getByText(MESSAGES_SERVICES.hrDown, { exact: true }).first().waitFor();
    const row = page.getByRole('table', { name: 'Feuilles de temps' }).getByRole('row').filter({ hasText: 'Audit fiscal' });
    await row.getByText('7,75 h', { exact: true }).waitFor();
    await row.getByText(MESSAGES_SERVICES.unknownValue, { exact: true }).first().waitFor();
    await expectNoTechnicalText();

    // Back: once the supervisor has restarted it, a reload of Gestion du Personnel shows the employees.
    await restartService('hr');
    await page.goto('/employes');
    await page.getByText('Moussa Fall').first().waitFor();
    expect(pageErrors).toEqual([]);
  },
  FAULT_TEST_TIMEOUT_MS,
);

test(
  'sector stopped: Services says so in French, the sidebar keeps the company modules; accounting and HR keep working; back after restart',
  async () => {
    await stopService('sector');

    // A fresh load: the company's modules cannot be read either, the sidebar falls back to its sector's (Services).
    await page.goto('/services');
    await heading('Gestion des Services').waitFor();
    await expectUnavailable('Impossible de charger les projets', 'sector');
    await expectNoTechnicalText();
    await sidebar().getByRole('link', { name: 'Services' }).waitFor();
    await sidebar().getByRole('link', { name: 'Paramètres' }).click();
    await page.getByRole('tab', { name: 'Modules', exact: true }).click();
    await page.getByText(MESSAGES_SECTOR_MODULES.unavailable, { exact: true }).waitFor();

    await sidebar().getByRole('link', { name: 'Factures' }).click();
    await page.getByRole('table', { name: 'Factures' }).getByText(invoiceNumber).first().waitFor();
    await sidebar().getByRole('link', { name: 'Employés' }).click();
    await page.getByText('Moussa Fall').first().waitFor();

    await restartService('sector');
    await page.goto('/services');
    await page.getByRole('article', { name: 'Audit fiscal' }).waitFor();
    expect(pageErrors).toEqual([]);
  },
  FAULT_TEST_TIMEOUT_MS,
);
