import type { Router } from 'express';
import {
  JOBS,
  payrollGenerateSchema,
  payslipCreateSchema,
  payslipListQuerySchema,
  payslipPaySchema,
  MESSAGES_PAYSLIP,
  type GeneratePayrollJob,
  type PayrollGenerationProgress,
} from '@xaalis/contracts';
import {
  caseSensitiveRouter,
  notFound,
  readJobStatus,
  requireSameCompany,
  tenantOf,
  validate,
  validated,
  type ServiceContext,
} from '@xaalis/service-kit';
import { accountingEmployerLookup } from './employer';
import { accountingProducer } from '../../accounting-queue';
import { generationJobId } from './jobs';
import { payrollService } from './service';

/**
 * Payroll (the Paie page): the company's slips, one page at a time (newest
 * period first; `?page=&pageSize=&search=&period=YYYY-MM&year=&employeeId=&status=`,
 * with the totals of every matching slip), creation of a recomputed draft, one slip, and the
 * transitions validate / pay / cancel, all tenant-scoped (another company's
 * slip is a 404).
 */
export function payrollApi(ctx: ServiceContext): Router {
  const payslips = payrollService(ctx.sequelize, accountingProducer(ctx), ctx.log);
  const employer = accountingEmployerLookup(ctx.config.internalToken, ctx.log);
  const router = caseSensitiveRouter();

  router.get('/companies/:companyId/payrolls', requireSameCompany, validate({ query: payslipListQuerySchema }), async (req, res) => {
    res.json(await payslips.list(tenantOf(req).companyId, validated(req, 'query', payslipListQuerySchema)));
  });

  router.post('/companies/:companyId/payrolls', requireSameCompany, validate({ body: payslipCreateSchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.status(201).json(await payslips.create(companyId, validated(req, 'body', payslipCreateSchema), userId));
  });

  /**
   * 'Générer la paie du mois': 202 with the job id. While a generation of the
   * period runs, asking again answers the same job; once it has ended, a new
   * run starts (it only adds the drafts still missing).
   */
  router.post(
    '/companies/:companyId/payrolls/generate',
    requireSameCompany,
    validate({ body: payrollGenerateSchema }),
    async (req, res) => {
      const { companyId, userId } = tenantOf(req);
      const { period } = validated(req, 'body', payrollGenerateSchema);
      const jobId = generationJobId(companyId, period);
      const queue = ctx.queue.queue;
      const previous = queue ? await queue.getJob(jobId) : undefined;
      if (previous && ['completed', 'failed'].includes(await previous.getState())) await previous.remove();
      const data: GeneratePayrollJob = { companyId, period, userId };
      await ctx.queue.add(JOBS.generatePayroll, data, { jobId });
      res.status(202).json({ jobId });
    },
  );

  /** The generation's JobStatus: payslips created (done) out of the employees to pay (total). */
  router.get('/companies/:companyId/payrolls/generate/:jobId', requireSameCompany, async (req, res) => {
    const { companyId } = tenantOf(req);
    const jobId = String(req.params.jobId);
    if (!jobId.startsWith(generationJobId(companyId, ''))) throw notFound();
    const status: PayrollGenerationProgress | null = await readJobStatus(ctx.queue.queue, jobId, {
      failed: MESSAGES_PAYSLIP.generateFailed,
      // No result on the wire: the list is read again.
      result: () => undefined,
      // Without Redis the job ran inline, before the 202.
      inline: () => Promise.resolve({ state: 'completed', done: 0, total: 0 }),
    });
    if (!status) throw notFound();
    res.json(status);
  });

  // The bulletin de paie (under the company-scoped `payrolls` segment the gateway routes to this service).
  router.get('/companies/:companyId/payrolls/:id/pdf', requireSameCompany, async (req, res) => {
    const { filename, buffer } = await payslips.pdf(tenantOf(req).companyId, String(req.params.id), employer);
    res
      .status(200)
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Content-Length': String(buffer.length),
      })
      .end(buffer);
  });

  router.get('/payrolls/:id', async (req, res) => {
    res.json(await payslips.get(tenantOf(req).companyId, req.params.id));
  });

  router.patch('/payrolls/:id/validate', async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.json(await payslips.validate(companyId, req.params.id, userId));
  });

  router.patch('/payrolls/:id/pay', validate({ body: payslipPaySchema }), async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.json(await payslips.pay(companyId, String(req.params.id), validated(req, 'body', payslipPaySchema), userId));
  });

  router.patch('/payrolls/:id/cancel', async (req, res) => {
    const { companyId, userId } = tenantOf(req);
    res.json(await payslips.cancel(companyId, req.params.id, userId));
  });

  return router;
}
