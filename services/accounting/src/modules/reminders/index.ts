// Public face of the reminders feature.
export { remindersApi } from './routes';
export { remindersService } from './service';
