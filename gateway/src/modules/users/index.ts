export { createUsersRepository, toUser, type UsersRepository, type CompanySnapshot, type NewUser } from './service';
export { IDENTITY_SCHEMA, type UserRecord } from './model';
export { usersRoutes } from './routes';
