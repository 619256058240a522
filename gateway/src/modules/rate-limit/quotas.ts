import type { Redis } from 'ioredis';
import { HttpError } from '@xaalis/service-kit';
import { createMemoryUserQuota, createRedisUserQuota, type LimiterOptions, type UserQuota } from './limiter';

/** The per-user quotas of the workspace (issue 24): invitations sent, companies created. */
export interface Quotas {
  invitations: UserQuota;
  companies: UserQuota;
}

export interface QuotaConfig {
  redisPrefix: string;
  invitationsMaxPerWindow: number;
  invitationsWindowSeconds: number;
  companiesMaxPerWindow: number;
  companiesWindowSeconds: number;
}

/** In Redis (shared by every gateway process), or in memory for the single-process fallback. */
export function createQuotas(redis: Redis | null, config: QuotaConfig): Quotas {
  const make = (action: string, opts: LimiterOptions) =>
    redis ? createRedisUserQuota(redis, config.redisPrefix, action, opts) : createMemoryUserQuota(action, opts);
  return {
    invitations: make('invitations', { max: config.invitationsMaxPerWindow, windowSeconds: config.invitationsWindowSeconds }),
    companies: make('companies', { max: config.companiesMaxPerWindow, windowSeconds: config.companiesWindowSeconds }),
  };
}

/** Takes one unit of `quota` for `userId`, or throws a 429 with `message` (French): nothing is to be done then. */
export async function takeQuota(quota: UserQuota, userId: string, message: string): Promise<void> {
  if (!(await quota.reserve(userId))) throw new HttpError(429, message);
}
