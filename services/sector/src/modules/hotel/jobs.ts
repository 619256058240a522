import { internalClient, type JobSchedule, type ServiceContext } from '@xaalis/service-kit';
import { hotelService } from './service';

/** Job name of the sweep that settles stay invoices left pending (the sector queue's own schedule, no payload). */
export const SETTLE_PENDING_STAY_INVOICES = 'settle-pending-stay-invoices';

export const SETTLE_PENDING_STAY_INVOICES_SCHEDULE: JobSchedule = {
  id: SETTLE_PENDING_STAY_INVOICES,
  name: SETTLE_PENDING_STAY_INVOICES,
  every: 60_000,
};

/** The scheduled sweep (see hotelService.settlePendingInvoices). */
export function hotelJobHandlers(ctx: Pick<ServiceContext, 'sequelize' | 'config'>) {
  const hotel = hotelService(ctx.sequelize, internalClient('accounting', ctx.config.internalToken));
  return { [SETTLE_PENDING_STAY_INVOICES]: () => hotel.settlePendingInvoices() };
}
