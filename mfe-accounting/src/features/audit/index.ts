// Who did what on a document (ids from the services, names from the gateway's GET /api/users).
export { AuditTrail, useUserName, type AuditStep } from './AuditTrail';
export { useListCompanyUsersQuery } from './api';
