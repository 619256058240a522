import { internalClient, type JobSchedule, type ServiceContext } from '@xaalis/service-kit';
import { restaurantService } from './service';

/** Job name of the sweep that settles serves left pending (the sector queue's own schedule, no payload). */
export const SETTLE_PENDING_SERVES = 'settle-pending-serves';

export const SETTLE_PENDING_SERVES_SCHEDULE: JobSchedule = { id: SETTLE_PENDING_SERVES, name: SETTLE_PENDING_SERVES, every: 60_000 };

/** The scheduled sweep (see restaurantService.settlePendingServes). */
export function restaurantJobHandlers(ctx: Pick<ServiceContext, 'sequelize' | 'config'>) {
  const restaurant = restaurantService(ctx.sequelize, internalClient('accounting', ctx.config.internalToken));
  return { [SETTLE_PENDING_SERVES]: () => restaurant.settlePendingServes() };
}
