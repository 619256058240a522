import type { Request, Router } from 'express';
import { employeeInputSchema, employeeListQuerySchema, employeeStatusSchema, type Employee, type EmployeeList } from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { employeeFor, employeesService, parseIds } from './service';

/** The employee as the caller may see it: no salary for a role without `payroll` (see employeeFor). */
const shown = (req: Request) => (employee: Employee) => employeeFor(tenantOf(req).role, employee);

/**
 * Staff (the Personnel page): the company's list, one page at a time (by name,
 * `?page=&pageSize=&search=&status=active`, with the company's head counts),
 * creation, one employee, edit and status, all tenant-scoped (another
 * company's employee is a 404). No DELETE: an employee is set inactive.
 * Salaries are payroll data: a role without `payroll` gets every employee with a null salary.
 */
export function employeesApi(ctx: ServiceContext): Router {
  const employees = employeesService(ctx.sequelize);
  const router = caseSensitiveRouter();

  router.get('/companies/:companyId/employees', requireSameCompany, validate({ query: employeeListQuerySchema }), async (req, res) => {
    const page = await employees.page(tenantOf(req).companyId, validated(req, 'query', employeeListQuerySchema));
    const list: EmployeeList = { ...page, items: page.items.map(shown(req)) };
    res.json(list);
  });

  router.post('/companies/:companyId/employees', requireSameCompany, validate({ body: employeeInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.status(201).json(shown(req)(await employees.create(companyId, validated(req, 'body', employeeInputSchema), userId)));
  });

  router.get('/employees/:id', async (req, res) => {
    res.json(shown(req)(await employees.get(tenantOf(req).companyId, req.params.id)));
  });

  router.put('/employees/:id', validate({ body: employeeInputSchema }), async (req, res) => {
    res.json(
      shown(req)(await employees.update(tenantOf(req).companyId, String(req.params.id), validated(req, 'body', employeeInputSchema))),
    );
  });

  router.patch('/employees/:id/status', validate({ body: employeeStatusSchema }), async (req, res) => {
    res.json(
      shown(req)(
        await employees.setStatus(tenantOf(req).companyId, String(req.params.id), validated(req, 'body', employeeStatusSchema).status),
      ),
    );
  });

  return router;
}

/**
 * `/internal/companies/:companyId/employees?ids=a,b,c`, for other services
 * (timesheets show an employee's name): the listed employees of that company
 * only, in one query. Behind the internal token; the gateway forwards only
 * `/api/*`, so a browser never reaches it.
 */
export function employeesInternal(ctx: ServiceContext): Router {
  const employees = employeesService(ctx.sequelize);
  const router = caseSensitiveRouter();

  router.get('/companies/:companyId/employees', async (req, res) => {
    res.json(await employees.byIds(req.params.companyId, parseIds(req.query.ids)));
  });

  return router;
}
