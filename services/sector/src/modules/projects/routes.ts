import type { Router } from 'express';
import { projectInputSchema, projectListQuerySchema, timesheetInputSchema, timesheetListQuerySchema } from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  internalClient,
  requireSameCompany,
  tenantOf,
  validate,
  validated,
  type InternalClient,
  type ServiceContext,
} from '@xaalis/service-kit';
import { projectsService } from './service';

/** Header of the lists: the internal calls made for names (1 per list page, 0 when nothing to name). */
export const NAME_READS_HEADER = 'x-name-reads';

/**
 * Services routes (projects, timesheets), all under `/companies/:companyId/`
 * and checked against the tenant (another company's record is a 404). The
 * module gate in front refuses them when the company has not enabled services.
 */
export function projectsApi(
  ctx: ServiceContext,
  accounting: InternalClient = internalClient('accounting', ctx.config.internalToken),
  hr: InternalClient = internalClient('hr', ctx.config.internalToken),
): Router {
  const services = projectsService(ctx.sequelize, accounting, hr);
  const router = caseSensitiveRouter();
  const projects = '/companies/:companyId/projects';
  const timesheets = '/companies/:companyId/timesheets';
  const company = (req: Parameters<typeof tenantOf>[0]) => tenantOf(req).companyId;

  router.get(projects, requireSameCompany, validate({ query: projectListQuerySchema }), async (req, res) => {
    const calls = { n: 0 };
    const list = await services.listProjects(company(req), validated(req, 'query', projectListQuerySchema).status, calls);
    res.set(NAME_READS_HEADER, String(calls.n)).json(list);
  });
  router.post(projects, requireSameCompany, validate({ body: projectInputSchema }), async (req, res) => {
    res.status(201).json(await services.createProject(company(req), validated(req, 'body', projectInputSchema)));
  });
  // Before `/:id`: 'summary' is not an id.
  router.get(`${projects}/summary`, requireSameCompany, async (req, res) => {
    res.json(await services.summary(company(req)));
  });
  router.get(`${projects}/:id`, requireSameCompany, async (req, res) => {
    res.json(await services.getProject(company(req), String(req.params.id)));
  });
  router.put(`${projects}/:id`, requireSameCompany, validate({ body: projectInputSchema }), async (req, res) => {
    res.json(await services.updateProject(company(req), String(req.params.id), validated(req, 'body', projectInputSchema)));
  });
  router.post(`${projects}/:id/invoice`, requireSameCompany, async (req, res) => {
    const { companyId, userId, role } = tenantOf(req);
    const result = await services.billProject(companyId, String(req.params.id), { userId, role });
    // 202: recorded, the invoice is being settled with the accounting service.
    res.status(result.status === 'pending' ? 202 : 201).json(result);
  });

  router.get(timesheets, requireSameCompany, validate({ query: timesheetListQuerySchema }), async (req, res) => {
    const calls = { n: 0 };
    const list = await services.listTimesheets(company(req), validated(req, 'query', timesheetListQuerySchema), calls);
    res.set(NAME_READS_HEADER, String(calls.n)).json(list);
  });
  router.post(timesheets, requireSameCompany, validate({ body: timesheetInputSchema }), async (req, res) => {
    res.status(201).json(await services.createTimesheet(company(req), validated(req, 'body', timesheetInputSchema)));
  });
  router.get(`${timesheets}/:id`, requireSameCompany, async (req, res) => {
    res.json(await services.getTimesheet(company(req), String(req.params.id)));
  });

  return router;
}
