export { csrfGuard } from './middleware';
