// Public face of the leave feature (issue 31): the 'Absences' tab of Gestion de la Paie.
export { LeavesPanel } from './LeavesPanel';
export { leavesApi } from './api';
