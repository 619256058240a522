export { createAccess, ACCESS_TTL_S, memberKey, type Access } from './access';
export { createMemberships, type Memberships, type Actor } from './service';
export { membershipsRoutes } from './routes';
