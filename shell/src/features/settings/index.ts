// Public face of the settings feature (route /parametres: tabs composed from the remotes and the shell).
export { WELCOME_DESCRIPTION, WELCOME_DURATION_MS, WELCOME_TITLE } from './SettingsPage';
