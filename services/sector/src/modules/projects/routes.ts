import type { Router } from 'express';
import { projectInputSchema, projectListQuerySchema, timesheetInputSchema, timesheetListQuerySchema } from '@xaalis/contracts';
import { caseSensitiveRouter, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { clientOf, companyOf, sendCounted } from '../routing';
import { projectsService } from './service';

/** Header of the lists: the internal calls made for names (1 per list page, 0 when nothing to name). */
export const NAME_READS_HEADER = 'x-name-reads';

/**
 * Services routes (projects, timesheets), all under `/companies/:companyId/`
 * and checked against the tenant (another company's record is a 404). The
 * module gate in front refuses them when the company has not enabled services.
 */
export function projectsApi(ctx: ServiceContext): Router {
  const services = projectsService(ctx.sequelize, clientOf(ctx, 'accounting'), clientOf(ctx, 'hr'));
  const router = caseSensitiveRouter();
  const projects = '/companies/:companyId/projects';
  const timesheets = '/companies/:companyId/timesheets';

  router.get(projects, requireSameCompany, validate({ query: projectListQuerySchema }), async (req, res) => {
    const query = validated(req, 'query', projectListQuerySchema);
    await sendCounted(res, NAME_READS_HEADER, (calls) => services.listProjects(companyOf(req), query, calls));
  });
  router.post(projects, requireSameCompany, validate({ body: projectInputSchema }), async (req, res) => {
    res.status(201).json(await services.createProject(companyOf(req), validated(req, 'body', projectInputSchema)));
  });
  // Before `/:id`: 'summary' is not an id.
  router.get(`${projects}/summary`, requireSameCompany, async (req, res) => {
    res.json(await services.summary(companyOf(req)));
  });
  router.get(`${projects}/:id`, requireSameCompany, async (req, res) => {
    res.json(await services.getProject(companyOf(req), String(req.params.id)));
  });
  router.put(`${projects}/:id`, requireSameCompany, validate({ body: projectInputSchema }), async (req, res) => {
    res.json(await services.updateProject(companyOf(req), String(req.params.id), validated(req, 'body', projectInputSchema)));
  });
  router.post(`${projects}/:id/invoice`, requireSameCompany, async (req, res) => {
    const { companyId, userId, role } = tenantOf(req);
    const result = await services.billProject(companyId, String(req.params.id), { userId, role });
    // 202: recorded, the invoice is being settled with the accounting service.
    res.status(result.status === 'pending' ? 202 : 201).json(result);
  });

  router.get(timesheets, requireSameCompany, validate({ query: timesheetListQuerySchema }), async (req, res) => {
    const query = validated(req, 'query', timesheetListQuerySchema);
    await sendCounted(res, NAME_READS_HEADER, (calls) => services.listTimesheets(companyOf(req), query, calls));
  });
  router.post(timesheets, requireSameCompany, validate({ body: timesheetInputSchema }), async (req, res) => {
    res.status(201).json(await services.createTimesheet(companyOf(req), validated(req, 'body', timesheetInputSchema)));
  });
  router.get(`${timesheets}/:id`, requireSameCompany, async (req, res) => {
    res.json(await services.getTimesheet(companyOf(req), String(req.params.id)));
  });

  return router;
}
