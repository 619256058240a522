import type { Page } from 'playwright-core';
import { DEFAULT_PAYROLL_SET_ID, type PayrollSettings, type PayslipList } from '@xaalis/contracts';
import { computePayslip, parameterSetFor } from '@xaalis/domain';
import { apiGet, chromiumForTests, newPage, registerViaApi } from './browser';

const browser = chromiumForTests();

/** A whole-franc money string as the app shows it ("394020.00" → "394 020 XOF", ordinary spaces). */
function xof(amount: string): string {
  const m = /^(\d+)\.00$/.exec(amount);
  if (!m) throw new Error(`not a whole-franc amount: ${amount}`);
  return `${m[1].replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} XOF`;
}

/** Reloads /paie until `text` shows in the slip's row (the ledger posting comes back asynchronously). */
async function waitForRowText(page: Page, rowName: RegExp, text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = page.getByRole('table', { name: 'Bulletins de paie' }).getByRole('row', { name: rowName });
    try {
      await row.getByText(text, { exact: true }).waitFor({ timeout: 1_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await page.reload();
    await page.getByRole('table', { name: 'Bulletins de paie' }).waitFor();
  }
}

test('payroll: add an employee, compute and create a slip, validate → Comptabilisé and its PA entry in Écritures, pay → Payée', async () => {
  const { context, page } = await newPage(browser());
  await registerViaApi(context, 'service');

  // The expected figures: the calculator of the contracts, on the form's defaults (transport 20 000, no overtime).
  const period = new Date().toISOString().slice(0, 7);
  const set = parameterSetFor(DEFAULT_PAYROLL_SET_ID, period);
  if (!set) throw new Error(`no payroll set for ${period}`);
  const expected = computePayslip({ baseSalary: '350000.00', transportAllowance: '20000', overtimeHours: '0', overtimeRate: '1.5' }, set);
  const ipres = expected.lines.find((l) => l.code === 'IPRES');
  if (!ipres) throw new Error('no IPRES line');
  // Sanity: the computed slip is not trivial (tax and contributions withheld).
  expect(expected.totals.gross).toBe('370000.00');
  expect(ipres.employee).toBe('19600.00');
  expect(expected.totals.incomeTax).not.toBe('0.00');

  // 1. The employee, on Gestion du Personnel.
  await page.goto('/employes');
  await page.getByText('Aucun employé enregistré').waitFor();
  await page.getByRole('button', { name: 'Nouvel Employé' }).click();
  const employeeDialog = page.getByRole('dialog', { name: 'Nouvel Employé' });
  await employeeDialog.getByLabel(/^Matricule/).fill('M001');
  await employeeDialog.getByLabel(/^Poste/).fill('Comptable');
  await employeeDialog.getByLabel(/^Prénom/).fill('Moussa');
  await employeeDialog.getByLabel(/^Nom\b/).fill('Fall');
  await employeeDialog.getByLabel(/^Salaire\b/).fill('350000');
  await employeeDialog.getByRole('button', { name: "Créer l'employé" }).click();
  await page.getByText('Employé créé').first().waitFor();
  await employeeDialog.waitFor({ state: 'hidden' });
  await page.getByText('Moussa Fall').first().waitFor();

  // 2. 'Nouveau bulletin' on Gestion de la Paie: the employee's salary prefills the base; 'Calculer' shows the breakdown.
  await page.goto('/paie');
  await page.getByText('Aucun bulletin de paie').waitFor();
  await page.getByRole('button', { name: 'Nouveau bulletin' }).click();
  const slipDialog = page.getByRole('dialog', { name: 'Nouveau bulletin' });
  await slipDialog.getByLabel('Employé', { exact: true }).selectOption({ label: 'Moussa Fall (M001)' });
  expect(Number(await slipDialog.getByLabel('Salaire de base', { exact: true }).inputValue())).toBe(350000);
  expect(await slipDialog.getByLabel('Période', { exact: true }).inputValue()).toBe(period);
  await slipDialog.getByRole('button', { name: 'Calculer' }).click();

  const detail = page.getByRole('dialog', { name: 'Détail du calcul de paie' });
  await detail.getByText(`Moussa Fall — ${period} · ${set.label}`).waitFor();
  const lines = detail.getByRole('table', { name: 'Lignes du bulletin' });
  const ipresRow = lines.getByRole('row', { name: new RegExp(`^${ipres.label}`) });
  expect(await ipresRow.innerText()).toContain('5,60 %');
  expect(await ipresRow.innerText()).toContain(xof(ipres.employee));
  const total = async (label: string) => (await detail.getByTestId(`total-${label}`).allInnerTexts()).join(' ');
  await detail.getByTestId('total-Net à payer').first().waitFor();
  expect(await total('Salaire brut')).toContain(xof(expected.totals.gross));
  expect(await total('Cotisations salariales')).toContain(xof(expected.totals.employeeContributions));
  expect(await total('Impôt sur le revenu')).toContain(xof(expected.totals.incomeTax));
  expect(await total('Net à payer')).toContain(xof(expected.totals.net));
  expect(await total('Coût employeur')).toContain(xof(expected.totals.employerCost));

  // 3. 'Créer le bulletin': a draft with the same figures in the list.
  await detail.getByRole('button', { name: 'Créer le bulletin' }).click();
  await page.getByText('Bulletin de paie créé avec succès').waitFor();
  await detail.waitFor({ state: 'hidden' });
  const rowName = new RegExp(`^Moussa Fall ${period}`);
  const row = page.getByRole('table', { name: 'Bulletins de paie' }).getByRole('row', { name: rowName });
  await row.getByText('Brouillon', { exact: true }).waitFor();
  const rowText = await row.innerText();
  expect(rowText).toContain(xof(expected.totals.gross));
  expect(rowText).toContain(xof(expected.totals.net));
  await page.getByText(xof(expected.totals.net)).first().waitFor();

  // 4. Validate: HR → queue → accounting worker posts the PA entry → reported back as 'Comptabilisé'.
  await row.getByRole('button', { name: `Valider Moussa Fall ${period}` }).click();
  await page.getByText('Bulletin validé').first().waitFor();
  await row.getByText('Validée', { exact: true }).waitFor();
  await waitForRowText(page, rowName, 'Comptabilisé', 20_000);

  const { companyId } = await apiGet<{ companyId: string }>(context, '/api/user');
  const {
    items: [slip],
    totalItems,
    totals,
  } = await apiGet<PayslipList>(context, `/api/companies/${companyId}/payrolls?period=${period}`);
  expect(totalItems).toBe(1);
  expect(totals.net).toBe(expected.totals.net);
  expect(slip.status).toBe('validated');
  expect(slip.netSalary).toBe(expected.totals.net);
  const paNumber = slip.postedEntryNumber ?? '';
  expect(paNumber).toMatch(/^PA-\d{4}-\d+$/);

  // 5. The PA entry in Écritures.
  await page.goto('/ecritures');
  const entries = page.getByRole('table', { name: 'Écritures comptables' });
  const paRow = entries.getByRole('row', { name: new RegExp(`^${paNumber}\\b`) });
  await paRow.getByText(`Paie ${period} — Moussa Fall`, { exact: false }).waitFor();
  expect(await entries.getByText(/^PA-/).count()).toBe(1);

  // 6. Pay it: date (today) and method → 'Payée'.
  await page.goto('/paie');
  const paidRow = page.getByRole('table', { name: 'Bulletins de paie' }).getByRole('row', { name: rowName });
  await paidRow.getByRole('button', { name: `Payer Moussa Fall ${period}` }).click();
  const pay = page.getByRole('dialog', { name: `Payer le bulletin — Moussa Fall ${period}` });
  await pay.getByText(`Net à payer : ${xof(expected.totals.net)}`).waitFor();
  expect(await pay.getByLabel('Date de paiement', { exact: true }).inputValue()).toBe(new Date().toISOString().slice(0, 10));
  await pay.getByLabel('Mode de paiement', { exact: true }).selectOption({ label: 'Virement Bancaire' });
  await pay.getByRole('button', { name: 'Enregistrer le paiement' }).click();
  await page.getByText('Bulletin payé').first().waitFor();
  await pay.waitFor({ state: 'hidden' });
  await paidRow.getByText('Payée', { exact: true }).waitFor();
  expect(await paidRow.getByRole('button', { name: `Payer Moussa Fall ${period}` }).count()).toBe(0);
  await context.close();
});

test("payroll settings: Paramètres → Paie, choose the official scale and risk class 2, 'Enregistrer' → stored by the HR service", async () => {
  const { context, page } = await newPage(browser());
  await registerViaApi(context, 'service');

  await page.goto('/parametres?tab=payroll');
  const form = page.getByRole('form', { name: 'Paramètres de paie' });
  await form.getByLabel('Barème de paie').selectOption('senegal-official');
  await form.getByLabel('Classe de risque accidents du travail').selectOption('2');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await page.getByText('Paramètres de paie enregistrés').waitFor();

  const { companyId } = await apiGet<{ companyId: string }>(context, '/api/user');
  const saved = await apiGet<PayrollSettings>(context, `/api/companies/${companyId}/payroll-settings`);
  expect({ parameterSetId: saved.parameterSetId, accidentRiskClass: saved.accidentRiskClass }).toEqual({
    parameterSetId: 'senegal-official',
    accidentRiskClass: 2,
  });
  await context.close();
});
