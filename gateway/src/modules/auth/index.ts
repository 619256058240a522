export { authRoutes, authRedirectRoutes, type AuthDeps } from './routes';
export { hashPassword, verifyPassword } from './passwords';
