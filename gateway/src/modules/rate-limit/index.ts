export {
  createRedisLoginLimiter,
  createMemoryLoginLimiter,
  createRedisRegistrationLimiter,
  createMemoryRegistrationLimiter,
  type LoginLimiter,
  type RegistrationLimiter,
  type LimiterOptions,
} from './limiter';
