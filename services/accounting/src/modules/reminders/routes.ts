import type { Router } from 'express';
import {
  MESSAGES_REMINDER,
  reminderDueQuerySchema,
  reminderInputSchema,
  reminderLevelListQuerySchema,
  reminderLevelsInputSchema,
  reminderListQuerySchema,
} from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  requireSameCompany,
  sendDownload,
  tenantOf,
  validate,
  validated,
  type ServiceContext,
} from '@xaalis/service-kit';
import { remindersService } from './service';
import { ownedParam } from '../../model-support';

/** Reminders and their levels. Another company's reminder is a 404. */
export function remindersApi(ctx: ServiceContext): Router {
  const reminders = remindersService(ctx.sequelize);
  const router = caseSensitiveRouter();
  router.param('reminderId', ownedParam(ctx.sequelize, 'reminders', MESSAGES_REMINDER.notFound));
  const levels = '/companies/:companyId/reminder-levels';
  router.get(levels, requireSameCompany, validate({ query: reminderLevelListQuerySchema }), async (req, res) => {
    const { page, pageSize } = validated(req, 'query', reminderLevelListQuerySchema);
    res.json(await reminders.listLevels(tenantOf(req).companyId, page, pageSize));
  });
  router.put(levels, requireSameCompany, validate({ body: reminderLevelsInputSchema }), async (req, res) => {
    res.json(await reminders.saveLevels(tenantOf(req).companyId, validated(req, 'body', reminderLevelsInputSchema).levels));
  });
  const company = '/companies/:companyId/reminders';
  router.get(`${company}/due`, requireSameCompany, validate({ query: reminderDueQuerySchema }), async (req, res) => {
    const { page, pageSize } = validated(req, 'query', reminderDueQuerySchema);
    res.json(await reminders.due(tenantOf(req).companyId, page, pageSize));
  });
  router.get(company, requireSameCompany, validate({ query: reminderListQuerySchema }), async (req, res) => {
    res.json(await reminders.list(tenantOf(req).companyId, validated(req, 'query', reminderListQuerySchema)));
  });
  router.post(company, requireSameCompany, validate({ body: reminderInputSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    const { thirdPartyId, level } = validated(req, 'body', reminderInputSchema);
    res.status(201).json(await reminders.create(companyId, thirdPartyId, level, userId));
  });
  router.get('/reminders/:reminderId', async (req, res) => {
    res.json(await reminders.get(tenantOf(req).companyId, req.params.reminderId));
  });
  router.get('/reminders/:reminderId/pdf', async (req, res) => {
    const { filename, buffer } = await reminders.pdf(tenantOf(req).companyId, req.params.reminderId);
    sendDownload(res, 'application/pdf', filename, buffer);
  });
  return router;
}
