import type { Router } from 'express';
import {
  JOBS,
  payrollGenerateSchema,
  payslipCreateSchema,
  payslipListQuerySchema,
  payslipPaySchema,
  type GeneratePayrollJob,
  type PayrollGenerationProgress,
} from '@xaalis/contracts';
import { caseSensitiveRouter, notFound, requireSameCompany, tenantOf, validate, validated, type ServiceContext } from '@xaalis/service-kit';
import { accountingEmployerLookup } from './employer';
import { accountingProducer, generationJobId, type GenerationProgress } from './jobs';
import { payrollService } from './service';

/**
 * Payroll (the Paie page): the company's slips (newest period first,
 * `?period=YYYY-MM`), creation of a recomputed draft, one slip, and the
 * transitions validate / pay / cancel, all tenant-scoped (another company's
 * slip is a 404).
 */
export function payrollApi(ctx: ServiceContext): Router {
  const payslips = payrollService(ctx.sequelize, accountingProducer(ctx), ctx.log);
  const employer = accountingEmployerLookup(ctx.config.internalToken, ctx.log);
  const router = caseSensitiveRouter();

  router.get('/companies/:companyId/payrolls', requireSameCompany, validate({ query: payslipListQuerySchema }), async (req, res) => {
    res.json(await payslips.list(tenantOf(req).companyId, validated(req, 'query', payslipListQuerySchema).period));
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

  router.get('/companies/:companyId/payrolls/generate/:jobId', requireSameCompany, async (req, res) => {
    const { companyId } = tenantOf(req);
    const jobId = String(req.params.jobId);
    if (!jobId.startsWith(generationJobId(companyId, ''))) throw notFound();
    const queue = ctx.queue.queue;
    // Without Redis the job ran inline, before the 202.
    if (!queue) {
      res.json({ jobId, state: 'completed', done: 0, total: 0 } satisfies PayrollGenerationProgress);
      return;
    }
    const job = await queue.getJob(jobId);
    if (!job) throw notFound();
    const state = await job.getState();
    const progress = (typeof job.progress === 'object' ? job.progress : {}) as Partial<GenerationProgress>;
    const body: PayrollGenerationProgress = {
      jobId,
      state: state === 'completed' || state === 'failed' || state === 'active' ? state : state === 'unknown' ? 'unknown' : 'waiting',
      done: progress.done ?? 0,
      total: progress.total ?? 0,
    };
    res.json(body);
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
