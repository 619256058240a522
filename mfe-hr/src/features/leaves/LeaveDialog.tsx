import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import {
  employeeName,
  LEAVE_KIND_LABELS,
  LEAVE_KINDS,
  leaveInputSchema,
  MESSAGES_LEAVE,
  type Employee,
  type LeaveKind,
} from '@xaalis/contracts';
import {
  ControlledSelect,
  emptyToNull,
  FormDateField,
  FormDialog,
  FormGrid,
  FormSelectField,
  FormTextField,
  FullRow,
  schemaResolver,
  toastSuccess,
} from '@xaalis/web-kit';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isSessionExpiry, refusalText } from '../../api/refusal';
import { useCreateLeaveMutation } from './api';

/** What the dialog's fields hold (strings, as typed or chosen). */
export interface LeaveFormValues {
  employeeId: string;
  kind: LeaveKind;
  startDate: string;
  endDate: string;
  note: string;
}

type LeaveValues = z.output<typeof leaveInputSchema>;

/** The hint of the dialog: how the days are counted and what the month's slip does with them. */
export const LEAVE_HINT =
  'Les jours ouvrables (lundi au samedi) sont comptés ; le bulletin du mois retient les absences non rémunérées et paie les congés';

const KIND_OPTIONS = LEAVE_KINDS.map((value) => ({ value, label: LEAVE_KIND_LABELS[value] }));

// The contract's schema, as the server reads it (same French messages); an empty note is none.
const resolver = schemaResolver<LeaveFormValues, LeaveValues>(leaveInputSchema, (values) => ({
  ...values,
  note: emptyToNull(values.note),
}));

const initialValues = (): LeaveFormValues => ({ employeeId: '', kind: 'paid', startDate: '', endDate: '', note: '' });

/**
 * 'Nouvelle absence': the employee, the kind (paid leave, unpaid absence, sickness, other), the
 * dates and a note, checked with the contract's schema, then POST …/leaves. A refusal of the server
 * (400, 409 overlapping or month settled) stays in the dialog with its message; a success toasts and closes.
 * Mounted at each opening: it starts from the defaults.
 */
export function LeaveDialog({
  companyId,
  employees,
  more,
  onClose,
}: {
  companyId: string;
  /** The active employees offered. */
  employees: readonly Employee[];
  /** Active employees beyond those offered (the choice is one page). */
  more: number;
  onClose: () => void;
}) {
  const [create] = useCreateLeaveMutation();
  const formId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<LeaveFormValues, unknown, LeaveValues>({ resolver, defaultValues: initialValues() });
  const options = employees.map((e) => ({ value: e.id, label: `${employeeName(e)} (${e.employeeNumber})` }));

  const onSubmit = handleSubmit(async (body) => {
    setRefusal(null);
    try {
      await create({ companyId, body }).unwrap();
      toastSuccess(MESSAGES_LEAVE.created);
      onClose();
    } catch (error) {
      if (isSessionExpiry(error)) return;
      setRefusal(refusalText(error, 'Erreur lors de l’enregistrement de l’absence'));
    }
  });

  return (
    <FormDialog open onClose={onClose} title="Nouvelle absence" formId={formId} submitLabel="Enregistrer" busy={formState.isSubmitting}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {LEAVE_HINT}
      </Typography>
      <FormGrid id={formId} label="Nouvelle absence" onSubmit={onSubmit}>
        <FullRow>
          <ControlledSelect
            control={control}
            name="employeeId"
            label="Employé"
            options={options}
            placeholder="Sélectionnez un employé"
            helperText={more > 0 ? `${employees.length} employés actifs affichés sur ${employees.length + more}` : undefined}
          />
        </FullRow>
        <FullRow>
          <FormSelectField control={control} name="kind" label="Type" options={KIND_OPTIONS} />
        </FullRow>
        <FormDateField control={control} name="startDate" label="Du" />
        <FormDateField control={control} name="endDate" label="Au" />
        <FullRow>
          <FormTextField control={control} name="note" label="Note" helperText="Facultative" inputProps={{ maxLength: 255 }} />
        </FullRow>
      </FormGrid>
      {refusal ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {refusal}
        </Alert>
      ) : null}
    </FormDialog>
  );
}
