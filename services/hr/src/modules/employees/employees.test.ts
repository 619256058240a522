import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { MAX_EMPLOYEE_IDS, type Employee, type EmployeeList } from '@xaalis/contracts';
import type { RunningService } from '@xaalis/service-kit';
import { start } from '../../server';
import { TOKEN, asTenant, createEmployee, employeeInput } from '../../test-support';

// The real HR service on the real database; companies are plain uuids here
// (the company record lives in the accounting service).
let service: RunningService;
const own = randomUUID();
const other = randomUUID();

const url = (companyId: string) => `/api/companies/${companyId}/employees`;
const http = () => request(service.app);
const post = (companyId: string, body: object) => http().post(url(companyId)).set(asTenant(companyId)).send(body);
/** The edit form's PUT of employee `id`, sent as a user of `companyId`. */
const put = (id: string, companyId: string, over: Parameters<typeof employeeInput>[0] = {}) =>
  http().put(`/api/employees/${id}`).set(asTenant(companyId)).send(employeeInput(over));
/** The whole answer of the list (one page, counters). */
const page = async (companyId: string, query = '') =>
  (
    await http()
      .get(`${url(companyId)}${query}`)
      .set(asTenant(companyId))
      .expect(200)
  ).body as EmployeeList;
/** The employees of the list's first page. */
const list = async (companyId: string, query = '') => (await page(companyId, query)).items;
const message = async (req: request.Test, status: number) => ((await req.expect(status)).body as { message: string }).message;
const internal = (companyId: string, ids: string) => http().get(`/internal/companies/${companyId}/employees`).query({ ids });

beforeAll(async () => {
  service = await start({ port: 0 });
});

afterAll(async () => {
  await service.close();
});

describe('employees', () => {
  let awa: Employee;

  it('creates an employee as the form sends it: defaults filled, empty fields stored as null', async () => {
    const res = await post(own, {
      employeeNumber: ' E001 ',
      firstName: 'Awa',
      lastName: 'Ndiaye',
      position: 'Comptable',
      department: '',
      hireDate: '2024-01-15',
      salary: '350000',
      bankAccount: '',
      phone: '',
      email: '',
      address: '',
    }).expect(201);
    awa = res.body as Employee;
    expect(awa).toEqual({
      id: expect.any(String),
      employeeNumber: 'E001',
      firstName: 'Awa',
      lastName: 'Ndiaye',
      position: 'Comptable',
      department: null,
      hireDate: '2024-01-15',
      salary: '350000.00',
      salaryType: 'monthly',
      bankAccount: null,
      ipresNumber: null,
      cssNumber: null,
      phone: null,
      email: null,
      address: null,
      status: 'active',
      isCadre: false,
      maritalStatus: null,
      children: 0,
      companyId: own,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('stores every optional field, the payroll ones included', async () => {
    const res = await post(own, {
      employeeNumber: 'E002',
      firstName: 'Moussa',
      lastName: 'Diop',
      position: 'Directeur financier',
      department: 'Finance',
      hireDate: '2020-02-29',
      salary: 1250000.5,
      salaryType: 'monthly',
      bankAccount: 'SN012 01001 012345678901 23',
      phone: '+221 77 123 45 67',
      email: 'moussa.diop@exemple.sn',
      address: 'Plateau, Dakar',
      isCadre: true,
      maritalStatus: 'married',
      children: '3',
    }).expect(201);
    expect(res.body).toMatchObject({
      employeeNumber: 'E002',
      department: 'Finance',
      hireDate: '2020-02-29',
      salary: '1250000.50',
      bankAccount: 'SN012 01001 012345678901 23',
      phone: '+221 77 123 45 67',
      email: 'moussa.diop@exemple.sn',
      address: 'Plateau, Dakar',
      status: 'active',
      isCadre: true,
      maritalStatus: 'married',
      children: 3,
    });
    await post(
      own,
      employeeInput({ employeeNumber: 'E003', firstName: 'Aminata', lastName: 'Ndiaye', salaryType: 'hourly', salary: '2500' }),
    ).expect(201);
  });

  it('lists by last name then first name', async () => {
    expect((await list(own)).map((e) => [e.lastName, e.firstName, e.employeeNumber])).toEqual([
      ['Diop', 'Moussa', 'E002'],
      ['Ndiaye', 'Aminata', 'E003'],
      ['Ndiaye', 'Awa', 'E001'],
    ]);
    expect(await list(other)).toEqual([]);
  });

  it('refuses a matricule already used in the company (409), even padded with spaces; another company may use it', async () => {
    expect(await message(post(own, employeeInput({ employeeNumber: 'E001' })), 409)).toBe('Ce matricule existe déjà');
    expect(await message(post(own, employeeInput({ employeeNumber: '  E001' })), 409)).toBe('Ce matricule existe déjà');
    const elsewhere = (await post(other, employeeInput({ employeeNumber: 'E001' })).expect(201)).body as Employee;
    expect(elsewhere.companyId).toBe(other);
    expect((await list(own)).filter((e) => e.employeeNumber === 'E001')).toHaveLength(1);
  });

  it('validates the body with the French messages', async () => {
    const refused = (over: object) => message(post(own, { ...employeeInput(), ...over }), 400);
    expect(await message(post(own, {}), 400)).toBe('Matricule requis');
    expect(await refused({ employeeNumber: '   ' })).toBe('Matricule requis');
    expect(await refused({ firstName: undefined })).toBe('Prénom requis');
    expect(await refused({ lastName: '' })).toBe('Nom requis');
    expect(await refused({ position: '' })).toBe('Poste requis');
    expect(await refused({ hireDate: undefined })).toBe("Date d'embauche requise");
    expect(await refused({ hireDate: '' })).toBe("Date d'embauche requise");
    expect(await refused({ hireDate: '2023-02-29' })).toBe("Date d'embauche invalide");
    expect(await refused({ hireDate: '15/01/2024' })).toBe("Date d'embauche invalide");
    expect(await refused({ salary: undefined })).toBe('Salaire requis');
    expect(await refused({ salary: '' })).toBe('Salaire requis');
    expect(await refused({ salary: 'abc' })).toBe('Montant invalide (nombre avec au plus deux décimales)');
    expect(await refused({ salary: '1000.123' })).toBe('Montant invalide (nombre avec au plus deux décimales)');
    expect(await refused({ salary: '-5000' })).toBe('Le montant ne peut pas être négatif');
    expect(await refused({ salary: '0' })).toBe('Le salaire doit être supérieur à zéro');
    expect(await refused({ salary: '99999999999999' })).toBe('Montant trop élevé (maximum 9 999 999 999 999,99)');
    expect(await refused({ salaryType: 'weekly' })).toBe('Type de salaire invalide');
    expect(await refused({ email: 'pas-un-email' })).toBe('Email invalide');
    expect(await refused({ status: 'fired' })).toBe('Statut invalide');
    expect(await refused({ maritalStatus: 'engaged' })).toBe('Situation matrimoniale invalide');
    expect(await refused({ children: 21 })).toBe("Nombre d'enfants invalide (entier de 0 à 20)");
    expect(await refused({ children: '1.5' })).toBe("Nombre d'enfants invalide (entier de 0 à 20)");
    expect(await refused({ isCadre: 'oui' })).toBe('Statut cadre invalide');
    expect(await refused({ employeeNumber: 'X'.repeat(51) })).toBe('Au plus 50 caractères');
    expect(await refused({ address: 'a'.repeat(256) })).toBe('Au plus 255 caractères');
    expect(await refused({ lastName: 'Nd\u0000iaye' })).toBe('Caractère non autorisé (octet nul)');
    // Nothing was written by any refused request.
    expect(await list(own)).toHaveLength(3);
  });

  it('reads one employee, 404 for an unknown, malformed or other company id', async () => {
    expect((await http().get(`/api/employees/${awa.id}`).set(asTenant(own)).expect(200)).body).toEqual(awa);
    expect(await message(http().get(`/api/employees/${awa.id}`).set(asTenant(other)), 404)).toBe('Employé introuvable');
    expect(await message(http().get(`/api/employees/${randomUUID()}`).set(asTenant(own)), 404)).toBe('Employé introuvable');
    expect(await message(http().get('/api/employees/pas-un-id').set(asTenant(own)), 404)).toBe('Employé introuvable');
    await http().get(`/api/employees/${awa.id}`).set('X-Internal-Token', TOKEN).expect(403);
  });

  it("answers 404 for another company's list path, and creates nothing there", async () => {
    await http().get(url(other)).set(asTenant(own)).expect(404);
    await http()
      .post(url(other))
      .set(asTenant(own))
      .send(employeeInput({ employeeNumber: 'INTRUS' }))
      .expect(404);
    expect((await list(other)).map((e) => e.employeeNumber)).toEqual(['E001']);
  });

  it('edits an employee, keeping the status when the form does not send it', async () => {
    await http().patch(`/api/employees/${awa.id}/status`).set(asTenant(own)).send({ status: 'inactive' }).expect(200);
    const res = await put(awa.id, own, {
      employeeNumber: 'E001',
      firstName: 'Awa',
      lastName: 'Ndiaye',
      position: 'Chef comptable',
      salary: '425000',
      children: 2,
    }).expect(200);
    const edited = res.body as Employee;
    expect(edited).toMatchObject({
      id: awa.id,
      position: 'Chef comptable',
      salary: '425000.00',
      children: 2,
      status: 'inactive',
      companyId: own,
    });
    expect(edited.createdAt).toBe(awa.createdAt);
    expect(edited.updatedAt >= awa.updatedAt).toBe(true);
    expect((await http().get(`/api/employees/${awa.id}`).set(asTenant(own)).expect(200)).body).toEqual(edited);

    const reactivated = await put(awa.id, own, { employeeNumber: 'E001', status: 'active' }).expect(200);
    expect(reactivated.body).toMatchObject({ status: 'active', position: 'Comptable' });
  });

  it("refuses an edit to another employee's matricule (409), a bad body (400), and another company's employee (404)", async () => {
    expect(await message(put(awa.id, own, { employeeNumber: 'E002' }), 409)).toBe('Ce matricule existe déjà');
    expect(await message(put(awa.id, own, { salary: 'x' }), 400)).toBe('Montant invalide (nombre avec au plus deux décimales)');
    expect(await message(put(awa.id, other, { employeeNumber: 'PIRATE' }), 404)).toBe('Employé introuvable');
    await put('pas-un-id', own).expect(404);
    expect((await http().get(`/api/employees/${awa.id}`).set(asTenant(own)).expect(200)).body).toMatchObject({ employeeNumber: 'E001' });
  });

  it('sets an employee inactive and active again; ?status=active lists the active ones only', async () => {
    const moussa = (await list(own)).find((e) => e.employeeNumber === 'E002')!;
    const res = await http().patch(`/api/employees/${moussa.id}/status`).set(asTenant(own)).send({ status: 'inactive' }).expect(200);
    expect(res.body).toMatchObject({ id: moussa.id, status: 'inactive', salary: '1250000.50' });
    expect((await list(own, '?status=active')).map((e) => e.employeeNumber)).toEqual(['E003', 'E001']);
    expect((await list(own, '?status=inactive')).map((e) => e.employeeNumber)).toEqual(['E002']);
    expect(await list(own)).toHaveLength(3);
    expect(
      await message(
        http()
          .get(`${url(own)}?status=fired`)
          .set(asTenant(own)),
        400,
      ),
    ).toBe('Statut invalide');

    expect(await message(http().patch(`/api/employees/${moussa.id}/status`).set(asTenant(own)).send({ status: 'deleted' }), 400)).toBe(
      'Statut invalide',
    );
    expect(await message(http().patch(`/api/employees/${moussa.id}/status`).set(asTenant(other)).send({ status: 'active' }), 404)).toBe(
      'Employé introuvable',
    );
    await http().patch(`/api/employees/${randomUUID()}/status`).set(asTenant(own)).send({ status: 'active' }).expect(404);
    expect((await http().get(`/api/employees/${moussa.id}`).set(asTenant(own)).expect(200)).body.status).toBe('inactive');

    await http().patch(`/api/employees/${moussa.id}/status`).set(asTenant(own)).send({ status: 'active' }).expect(200);
    expect((await list(own, '?status=active')).map((e) => e.employeeNumber)).toEqual(['E002', 'E003', 'E001']);
  });

  it('never deletes an employee', async () => {
    await http().delete(`/api/employees/${awa.id}`).set(asTenant(own)).expect(404);
    expect((await list(own)).map((e) => e.id)).toContain(awa.id);
  });

  it('keeps the rules in the database too', async () => {
    const insert = (column: string, value: unknown) =>
      service.ctx.sequelize.query(
        `INSERT INTO hr.employees (company_id, employee_number, first_name, last_name, position, hire_date, salary, ${column})
         VALUES ($1, $2, 'A', 'B', 'C', '2024-01-01', 1000, $3)`,
        { bind: [own, `DB-${randomUUID().slice(0, 8)}`, value] },
      );
    await expect(insert('status', 'fired')).rejects.toThrow(/employees_status_check/);
    await expect(insert('salary_type', 'weekly')).rejects.toThrow(/employees_salary_type_check/);
    await expect(insert('children', 21)).rejects.toThrow(/employees_children_check/);
    await expect(insert('marital_status', 'engaged')).rejects.toThrow(/employees_marital_status_check/);
    await expect(
      service.ctx.sequelize.query(
        `INSERT INTO hr.employees (company_id, employee_number, first_name, last_name, position, hire_date, salary) VALUES ($1, 'DB-0', 'A', 'B', 'C', '2024-01-01', 0)`,
        { bind: [own] },
      ),
    ).rejects.toThrow(/employees_salary_check/);
    await expect(
      service.ctx.sequelize.query(
        `INSERT INTO hr.employees (company_id, employee_number, first_name, last_name, position, hire_date, salary) VALUES ($1, 'E001', 'A', 'B', 'C', '2024-01-01', 1)`,
        { bind: [own] },
      ),
    ).rejects.toMatchObject({ name: 'SequelizeUniqueConstraintError', parent: { constraint: 'employees_company_number_key' } });
  });
});

describe('the list, one page at a time', () => {
  const big = randomUUID();
  const neighbour = randomUUID();
  const names = (employees: Employee[]) => employees.map((e) => `${e.firstName} ${e.lastName}`);

  beforeAll(async () => {
    // 30 employees, more than one default page (24): L01..L30 by last name; every third inactive.
    for (let i = 1; i <= 30; i += 1) {
      const n = String(i).padStart(2, '0');
      const e = await createEmployee(service, big, {
        employeeNumber: `P-${n}`,
        firstName: i === 7 ? 'Aïssatou' : `Prenom${n}`,
        lastName: `L${n}`,
        position: i % 5 === 0 ? 'Chauffeur' : 'Agent',
      });
      if (i % 3 === 0) await http().patch(`/api/employees/${e.id}/status`).set(asTenant(big)).send({ status: 'inactive' }).expect(200);
    }
    await createEmployee(service, neighbour, { lastName: 'L01', firstName: 'Voisin' });
  });

  it('honours the page size (24 by default, at most 100), by name, with the head counts of the whole company', async () => {
    const first = await page(big);
    expect(first).toMatchObject({ page: 1, pageSize: 24, totalItems: 30, counters: { total: 30, active: 20, inactive: 10 } });
    expect(first.items).toHaveLength(24);
    expect(first.items[0].lastName).toBe('L01');
    const last = await page(big, '?page=3&pageSize=12');
    expect(last).toMatchObject({ page: 3, pageSize: 12, totalItems: 30 });
    expect(last.items.map((e) => e.lastName)).toEqual(['L25', 'L26', 'L27', 'L28', 'L29', 'L30']);
    expect((await page(big, '?page=9')).items).toEqual([]);
    expect((await page(big, '?pageSize=100')).items).toHaveLength(30);
    for (const bad of ['?pageSize=101', '?pageSize=0', '?page=0', '?page=x'])
      await http()
        .get(`${url(big)}${bad}`)
        .set(asTenant(big))
        .expect(400);
  });

  it('searches on name, matricule and position, and filters by status; the counters stay the whole company', async () => {
    expect(names(await list(big, `?search=${encodeURIComponent('aïssatou l0')}`))).toEqual(['Aïssatou L07']);
    expect(names(await list(big, '?search=L07%20A'))).toEqual(['Aïssatou L07']);
    expect((await list(big, '?search=p-1')).map((e) => e.employeeNumber)).toEqual([
      'P-10',
      'P-11',
      'P-12',
      'P-13',
      'P-14',
      'P-15',
      'P-16',
      'P-17',
      'P-18',
      'P-19',
    ]);
    const drivers = await page(big, '?search=chauffeur&status=active');
    expect(drivers.items.map((e) => e.lastName)).toEqual(['L05', 'L10', 'L20', 'L25']);
    expect(drivers).toMatchObject({ totalItems: 4, counters: { total: 30, active: 20, inactive: 10 } });
    expect(await page(big, '?status=inactive&pageSize=5')).toMatchObject({ totalItems: 10, pageSize: 5 });
    // `id`: one employee (a select box's chosen value), of this company only.
    const l07 = (await list(big, '?search=L07')).map((e) => e.id);
    expect(l07).toHaveLength(1);
    expect(names(await list(big, `?id=${l07[0]}`))).toEqual(['Aïssatou L07']);
    expect(await list(neighbour, `?id=${l07[0]}`)).toEqual([]);
    // A search's % and _ are taken literally.
    expect(await list(big, '?search=%25')).toEqual([]);
    expect(await list(big, '?search=L_1')).toEqual([]);
  });

  it("never shows another company's employees: its path is a 404, its own list holds its own", async () => {
    await http().get(url(neighbour)).set(asTenant(big)).expect(404);
    expect(await page(neighbour, '?search=L01')).toMatchObject({ totalItems: 1, counters: { total: 1, active: 1, inactive: 0 } });
    expect(await page(randomUUID())).toEqual({
      items: [],
      page: 1,
      pageSize: 24,
      totalItems: 0,
      counters: { total: 0, active: 0, inactive: 0 },
    });
  });
});

describe('internal read of employees by ids', () => {
  const company = randomUUID();
  const neighbour = randomUUID();
  let a: Employee;
  let b: Employee;
  let c: Employee;
  let foreign: Employee;

  beforeAll(async () => {
    a = await createEmployee(service, company, { lastName: 'Sarr', firstName: 'Fatou' });
    b = await createEmployee(service, company, { lastName: 'Ba', firstName: 'Ibrahima' });
    c = await createEmployee(service, company, { lastName: 'Faye', firstName: 'Mariama' });
    foreign = await createEmployee(service, neighbour, { lastName: 'Voisin', firstName: 'Intrus' });
  });

  it('requires the internal token', async () => {
    expect(await message(internal(company, a.id), 403)).toBe('Accès interne refusé');
    expect(await message(internal(company, a.id).set('X-Internal-Token', 'pas-le-bon'), 403)).toBe('Accès interne refusé');
  });

  it("returns the listed employees of that company only, by name, ignoring unknown, malformed and other companies' ids", async () => {
    const res = await internal(company, [a.id, foreign.id, 'pas-un-id', randomUUID(), b.id, '', a.id.toUpperCase()].join(','))
      .set('X-Internal-Token', TOKEN)
      .expect(200);
    expect((res.body as Employee[]).map((e) => e.id)).toEqual([b.id, a.id]);
    expect((res.body as Employee[])[0]).toEqual(b);

    const repeated = await http()
      .get(`/internal/companies/${company}/employees?ids=${c.id}&ids=${a.id}`)
      .set('X-Internal-Token', TOKEN)
      .expect(200);
    expect((repeated.body as Employee[]).map((e) => e.id)).toEqual([c.id, a.id]);

    expect((await internal(neighbour, [a.id, foreign.id].join(',')).set('X-Internal-Token', TOKEN).expect(200)).body).toEqual([foreign]);
  });

  it('answers an empty list without ids, 404 for a malformed company, 400 beyond the cap', async () => {
    expect((await http().get(`/internal/companies/${company}/employees`).set('X-Internal-Token', TOKEN).expect(200)).body).toEqual([]);
    expect((await internal(company, 'x,y').set('X-Internal-Token', TOKEN).expect(200)).body).toEqual([]);
    await internal('pas-une-entreprise', a.id).set('X-Internal-Token', TOKEN).expect(404);
    const many = Array.from({ length: MAX_EMPLOYEE_IDS + 1 }, () => randomUUID()).join(',');
    expect(await message(internal(company, many).set('X-Internal-Token', TOKEN), 400)).toBe('Au plus 200 employés par demande');
  });
});
