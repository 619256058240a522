export {
  createRedisLoginLimiter,
  createMemoryLoginLimiter,
  createRedisRegistrationLimiter,
  createMemoryRegistrationLimiter,
  createRedisUserQuota,
  createMemoryUserQuota,
  type LoginLimiter,
  type RegistrationLimiter,
  type LimiterOptions,
  type UserQuota,
} from './limiter';
export { createQuotas, takeQuota, type Quotas, type QuotaConfig } from './quotas';
