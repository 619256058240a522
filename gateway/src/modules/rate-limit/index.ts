export { createRedisLoginLimiter, createMemoryLoginLimiter, type LoginLimiter, type LimiterOptions } from './limiter';
