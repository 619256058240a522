import { Router } from 'express';
import type { CompanyUser } from '@xaalis/contracts';
import { requireUser, userOf } from '../sessions';
import type { UsersRepository } from './service';

/**
 * `GET /api/users`: the users of the session's company as `[{id, name}]`, so
 * the front ends can show who created, validated or cancelled a document
 * (services store only ids). Never another company's users.
 */
export function usersRoutes(deps: { users: Pick<UsersRepository, 'listCompanyUsers'> }): Router {
  const router = Router();
  router.get('/users', requireUser, async (req, res) => {
    const { companyId } = userOf(req);
    const users: CompanyUser[] = companyId ? await deps.users.listCompanyUsers(companyId) : [];
    res.json(users);
  });
  return router;
}
