import { useCan } from '@xaalis/web-kit';

/** What the current role may change in the projects module (documents: collaborators may, readers may not). */
export function useProjectsRights() {
  return {
    projects: useCan('/api/companies/:id/projects'),
    timesheets: useCan('/api/companies/:id/timesheets'),
  };
}
