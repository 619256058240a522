export { createServiceProxy, type ServiceProxy, type ProxyOptions } from './middleware';
export { resolveRoute, type ProxyRoute } from './table';
