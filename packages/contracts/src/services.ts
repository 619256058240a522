/** The domain services behind the gateway. */
export const SERVICES = ['accounting', 'hr', 'sector'] as const;
export type ServiceName = (typeof SERVICES)[number];

export const SERVICE_DEFAULT_PORTS: Record<ServiceName, number> = { accounting: 4101, hr: 4102, sector: 4103 };

/** French names used in "service unavailable" messages. */
export const SERVICE_LABELS: Record<ServiceName, string> = {
  accounting: 'comptabilité',
  hr: 'ressources humaines',
  sector: 'modules sectoriels',
};

export const serviceUnavailableMessage = (service: ServiceName) =>
  `Service ${SERVICE_LABELS[service]} indisponible, réessayez dans un instant`;

/**
 * Path segment of each service's tenancy probe, `GET /api/companies/:companyId/<segment>`
 * answering `{service, companyId}`: it proves the gateway's proxying and tenancy guard.
 */
export const statusSegment = (service: ServiceName) => `${service}-status` as const;

/** Headers set by the gateway on every proxied request (incoming copies are stripped). */
export const HEADERS = {
  userId: 'x-user-id',
  companyId: 'x-company-id',
  /** The caller's role in that company (see memberships.ts); services enforce it on writes. */
  role: 'x-user-role',
  internalToken: 'x-internal-token',
  requestId: 'x-request-id',
  /**
   * Read-your-writes with a read replica: a service that reads from one answers a write with
   * the primary's WAL position after it (writeLsn); the gateway keeps it in the session and
   * sends it back on that session's requests (minLsn), so reads go to the primary until the
   * replica has replayed that far.
   */
  writeLsn: 'x-xaalis-write-lsn',
  minLsn: 'x-xaalis-min-lsn',
  /** Where a read was served from ('primary' or 'replica'): for tests and diagnosis. */
  readFrom: 'x-xaalis-read-from',
} as const;
