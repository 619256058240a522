// Public face of Paramètres → Fiscalité.
export { taxSettingsApi } from './routes';
