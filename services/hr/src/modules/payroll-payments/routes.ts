import type { Router } from 'express';
import {
  PAYROLL_DECLARATION_KINDS,
  PAYROLL_DECLARATION_SEGMENTS,
  declarationPaymentSchema,
  payrollTransferSchema,
  transferOrderQuerySchema,
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
import { accountingProducer } from '../../accounting-queue';
import { accountingEmployerLookup } from '../payroll';
import { tableReportPdf } from '../payroll-declarations';
import { payrollPaymentsService } from './service';
import { transferOrderCsv, transferOrderTable } from './transfer-order';

/**
 * Paying payroll debts (issue 31): the month's transfer order (`GET …/payrolls/transfer-order?period=&format=json|pdf|csv`),
 * the salaries paid by that transfer (`POST …/payrolls/transfers`), and a filed declaration's payment
 * (`POST …/social-declarations/:id/payments`, `…/salary-tax-statements/:id/payments`). Payroll-confidential.
 */
export function payrollPaymentsApi(ctx: ServiceContext): Router {
  const payments = payrollPaymentsService(ctx.sequelize, accountingProducer(ctx), ctx.log);
  const employer = accountingEmployerLookup(ctx.config.internalToken, ctx.log);
  const router = caseSensitiveRouter();

  router.get(
    '/companies/:companyId/payrolls/transfer-order',
    requireSameCompany,
    validate({ query: transferOrderQuerySchema }),
    async (req, res) => {
      const { companyId } = tenantOf(req);
      const { period, format } = validated(req, 'query', transferOrderQuerySchema);
      const order = await payments.transferOrder(companyId, period);
      if (format === 'json') res.json(order);
      else if (format === 'csv')
        sendDownload(res, 'text/csv; charset=utf-8', `virement-salaires-${period}.csv`, Buffer.from(transferOrderCsv(order), 'utf8'));
      else {
        const company = await employer(companyId);
        sendDownload(
          res,
          'application/pdf',
          `virement-salaires-${period}.pdf`,
          await tableReportPdf(transferOrderTable(company?.name ?? '—', order)),
        );
      }
    },
  );

  router.post(
    '/companies/:companyId/payrolls/transfers',
    requireSameCompany,
    validate({ body: payrollTransferSchema }),
    async (req, res) => {
      const { companyId, userId } = tenantOf(req);
      res.status(201).json(await payments.payByTransfer(companyId, validated(req, 'body', payrollTransferSchema), userId));
    },
  );

  for (const kind of PAYROLL_DECLARATION_KINDS) {
    router.post(
      `/companies/:companyId/${PAYROLL_DECLARATION_SEGMENTS[kind]}/:declarationId/payments`,
      requireSameCompany,
      validate({ body: declarationPaymentSchema }),
      async (req, res) => {
        const { companyId, userId } = tenantOf(req);
        const body = validated(req, 'body', declarationPaymentSchema);
        res.status(201).json(await payments.payDeclaration(companyId, kind, String(req.params.declarationId), body, userId));
      },
    );
  }

  return router;
}
