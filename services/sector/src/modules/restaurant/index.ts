// Public face of the restaurant feature (other features import from here only).
export { INVENTORY_READS_HEADER, restaurantApi } from './routes';
export { restaurantService, type RestaurantService } from './service';
export { restaurantJobHandlers, SETTLE_PENDING_SERVES, SETTLE_PENDING_SERVES_SCHEDULE } from './jobs';
