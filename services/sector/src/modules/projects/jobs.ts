import { internalClient, type JobSchedule, type ServiceContext } from '@xaalis/service-kit';
import { projectsService } from './service';

/** Job name of the sweep that settles project billings left pending (the sector queue's own schedule, no payload). */
export const SETTLE_PENDING_BILLINGS = 'settle-pending-project-billings';

export const SETTLE_PENDING_BILLINGS_SCHEDULE: JobSchedule = { id: SETTLE_PENDING_BILLINGS, name: SETTLE_PENDING_BILLINGS, every: 60_000 };

/** The scheduled sweep (see projectsService.settlePendingBillings). */
export function projectsJobHandlers(ctx: Pick<ServiceContext, 'sequelize' | 'config'>) {
  const services = projectsService(
    ctx.sequelize,
    internalClient('accounting', ctx.config.internalToken),
    internalClient('hr', ctx.config.internalToken),
  );
  return { [SETTLE_PENDING_BILLINGS]: () => services.settlePendingBillings() };
}
