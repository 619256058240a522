import { useCan } from '@xaalis/web-kit';

/** What the current role may change in the services module (documents: collaborators may, readers may not). */
export function useServicesRights() {
  return {
    projects: useCan('/api/companies/:id/projects'),
    timesheets: useCan('/api/companies/:id/timesheets'),
  };
}
