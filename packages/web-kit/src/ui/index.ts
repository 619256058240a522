// Building blocks shared by the remotes' pages: list states, form dialogs and
// fields, row actions, counters, toasts of a save, the signed-in session.
export * from './CounterTile';
export * from './DateField';
export * from './entityForm';
export * from './FormDialog';
export * from './RowAction';
export * from './SelectField';
export * from './failure';
export * from './feedback';
export * from './save';
export * from './session';
export * from './states';
export * from './icons';
export * from './a11y';
export * from './ConfirmDialog';
export * from './ControlledTextField';
