import type { Employee, Payslip, PayslipList, SocialDeclarationPreview, TreasuryAccountList } from '@xaalis/contracts';
import type { BrowserContext } from 'playwright-core';
import { apiGet, apiHeaders, apiPost, chromiumForTests, newPage, registerWithChart } from './browser';

const browser = chromiumForTests();

async function patch(context: BrowserContext, url: string, data: unknown = {}): Promise<void> {
  const res = await context.request.patch(url, { data, headers: apiHeaders() });
  if (!res.ok()) throw new Error(`PATCH ${url}: ${res.status()} ${await res.text()}`);
}

test("month's payroll → validate → pay by transfer → IPRES and CSS declaration → Déclarer → the month's payslips are locked", async () => {
  const { context, page } = await newPage(browser());
  const base = await registerWithChart(context, 'restauration');
  const now = new Date();
  const period = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);

  // Last month's payroll: two employees with a bank account, one without; generated, then validated.
  const hireDate = `${Number(period.slice(0, 4)) - 1}-01-02`;
  const staff: [string, string, string, string | null][] = [
    ['Awa', 'Diop', '300000', 'SN08 SN010 01001 000123456789 50'],
    ['Moussa', 'Sarr', '180000', 'SN012 01002 000098765432 10'],
    ['Fatou', 'Ba', '120000', null],
  ];
  for (const [i, [firstName, lastName, salary, bankAccount]] of staff.entries())
    await apiPost<Employee>(context, `${base}/employees`, {
      employeeNumber: `E${i + 1}`,
      firstName,
      lastName,
      position: 'Serveur',
      hireDate,
      salary,
      bankAccount,
      ipresNumber: `IP-${i + 1}`,
    });
  await page.goto('/paie');
  await page.getByRole('button', { name: 'Générer la paie du mois' }).click();
  const generate = page.getByRole('dialog', { name: 'Générer la paie du mois' });
  await generate.getByLabel(/^Période/).fill(period);
  await generate.getByRole('button', { name: 'Générer les bulletins' }).click();
  await page.getByText('Paie du mois générée').first().waitFor();
  const slips = (await apiGet<PayslipList>(context, `${base}/payrolls?period=${period}`)).items;
  expect(slips).toHaveLength(3);
  for (const slip of slips) await patch(context, `/api/payrolls/${slip.id}/validate`);

  // Pay by transfer: the order lists the two with an account; one action pays them.
  const bank = (await apiGet<TreasuryAccountList>(context, `${base}/treasury-accounts`)).items.find((a) => a.kind === 'bank');
  if (!bank) throw new Error('no bank account');
  await page.reload();
  await page.getByRole('button', { name: 'Virement des salaires' }).click();
  const transfer = page.getByRole('dialog', { name: 'Virement des salaires' });
  await transfer.getByLabel('Mois', { exact: true }).fill(period);
  await transfer.getByRole('table', { name: 'Ordre de virement' }).getByRole('cell', { name: 'SN010', exact: true }).waitFor();
  await transfer
    .getByText(/Ba Fatou|Fatou Ba/)
    .first()
    .waitFor();
  await transfer.getByRole('button', { name: 'Payer par virement' }).click();
  await page
    .getByText(/Salaires payés par virement/)
    .first()
    .waitFor();
  const paid = (await apiGet<PayslipList>(context, `${base}/payrolls?period=${period}`)).items;
  expect(paid.map((s) => [s.employee.lastName, s.status, s.paymentMethod]).sort()).toEqual([
    ['Ba', 'validated', null],
    ['Diop', 'paid', 'bank'],
    ['Sarr', 'paid', 'bank'],
  ]);

  // The social declaration of last month, once the PA entries are posted: the ledger check agrees.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const preview = await apiGet<SocialDeclarationPreview>(context, `${base}/social-declarations/preview?period=${period}`);
    if (preview.checks.matchesLedger) break;
    if (Date.now() > deadline) throw new Error(`ledger check: ${JSON.stringify(preview.checks)}`);
    await page.waitForTimeout(500);
  }
  await page.getByRole('tab', { name: 'Déclarations' }).click();
  await page.getByRole('tab', { name: 'IPRES et CSS' }).click();
  await page.getByText('IP-1').first().waitFor();
  await page.getByText('Les totaux correspondent aux soldes des comptes 431 et 447 des écritures de paie').waitFor();
  await page.getByRole('button', { name: 'Déclarer', exact: true }).click();
  const declare = page.getByRole('dialog', { name: /^Déclarer — / });
  await declare.getByLabel('Référence').fill('IPRES-E2E-1');
  await declare.getByRole('button', { name: 'Déclarer', exact: true }).click();
  await page.getByText('Déclaration enregistrée').first().waitFor();
  await page.getByText('IPRES-E2E-1').first().waitFor();

  // Locked: Fatou's slip, still validated, can no longer be cancelled (French 409 shown on the page).
  await page.getByRole('tab', { name: 'Bulletins' }).click();
  const fatou = slips.find((s) => s.employee.lastName === 'Ba') as Payslip;
  await page.getByRole('button', { name: `Annuler Fatou Ba ${period}` }).click();
  await page.getByText('Période de paie déclarée : ses bulletins ne peuvent plus être validés, modifiés ni annulés').first().waitFor();
  expect((await apiGet<Payslip>(context, `/api/payrolls/${fatou.id}`)).status).toBe('validated');
});
