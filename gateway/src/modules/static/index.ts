export { staticRoutes, remotesConfigRoute } from './routes';
