// Bank and mobile-money reconciliation (issue 28): matching panes, automatic matching job, reconciliations, entries created from a statement line, labelling rules, état de rapprochement.
export { reconciliationsApi } from './routes';
export { autoMatchHandler } from './auto-match';
