// Public face of the services feature (projects, timesheets; other features import from here only).
export { NAME_READS_HEADER, projectsApi } from './routes';
export { projectsService, type ProjectsService } from './service';
export { projectsJobHandlers, SETTLE_PENDING_BILLINGS, SETTLE_PENDING_BILLINGS_SCHEDULE } from './jobs';
