import Alert from '@mui/material/Alert';
import { MESSAGES_SERVICES, PROJECT_STATUS_LABELS, PROJECT_STATUSES, projectInputSchema, type ProjectValues } from '@xaalis/contracts';
import { EntityFormDialog, FormDateField, FormSelectField, FormTextField, FullRow, todayIso, useEntityForm } from '@xaalis/web-kit';
import { useWatch } from 'react-hook-form';
import { useCreateServiceProjectMutation } from './api';
import { ClientField } from './fields';

export interface ProjectFormValues {
  name: string;
  clientId: string;
  description: string;
  startDate: string;
  endDate: string;
  budget: string;
  hourlyRate: string;
  status: string;
}

const STATUS_OPTIONS = PROJECT_STATUSES.map((value) => ({ value, label: PROJECT_STATUS_LABELS[value] }));
const moneyInput = { min: 0, step: 1, inputMode: 'decimal' as const };

export interface ProjectDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
  /** Whether the company has clients (third parties of type client or both): the choice searches them on the server. */
  clientsAvailable: boolean;
  /** The client chosen on opening: the company's only one, else none (''). */
  defaultClientId?: string;
  clientsLoading: boolean;
  /** The accounting service could not list them. */
  clientsError: boolean;
}

/** 'Nouveau projet': name, client, description, dates (end optional, not before the start), budget, hourly rate, status (planning). */
export function ProjectDialog({
  open,
  onClose,
  companyId,
  clientsAvailable,
  defaultClientId = '',
  clientsLoading,
  clientsError,
}: ProjectDialogProps) {
  const title = 'Nouveau projet';
  const [create] = useCreateServiceProjectMutation();
  const form = useEntityForm<ProjectFormValues, ProjectValues>({
    open,
    onClose,
    schema: projectInputSchema,
    defaultValues: () => ({
      name: '',
      clientId: defaultClientId,
      description: '',
      startDate: todayIso(),
      endDate: '',
      budget: '',
      hourlyRate: '',
      status: 'planning',
    }),
    companyId,
    save: (values, id) => create({ companyId: id, body: values }).unwrap(),
    success: [MESSAGES_SERVICES.projectCreated, MESSAGES_SERVICES.projectCreatedDescription],
    failure: MESSAGES_SERVICES.projectCreateError,
  });
  const { control } = form;
  const clientId = useWatch({ control, name: 'clientId' });

  let notice: string | null = null;
  if (clientsError) notice = MESSAGES_SERVICES.accountingDown;
  else if (!clientsLoading && !clientsAvailable) notice = "Aucun client : ajoutez d'abord un tiers de type client dans Paramètres.";

  return (
    <EntityFormDialog form={form} title={title} submitLabel="Créer le projet">
      {notice ? (
        <Alert severity={clientsError ? 'warning' : 'info'} sx={{ gridColumn: '1 / -1' }}>
          {notice}
        </Alert>
      ) : null}
      <FullRow>
        <FormTextField control={control} name="name" label="Nom du projet" required />
      </FullRow>
      <FullRow>
        <ClientField
          companyId={open ? companyId : null}
          value={clientId ?? ''}
          control={control}
          name="clientId"
          label="Client"
          required
          placeholder="Choisir un client"
        />
      </FullRow>
      <FullRow>
        <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
      </FullRow>
      <FormDateField control={control} name="startDate" label="Date de début" />
      <FormDateField control={control} name="endDate" label="Date de fin prévue" helperText="Facultative" />
      <FormTextField control={control} name="budget" label="Budget (XOF)" type="number" inputProps={moneyInput} />
      <FormTextField control={control} name="hourlyRate" label="Taux horaire (XOF)" type="number" inputProps={moneyInput} />
      <FormSelectField control={control} name="status" label="Statut" options={STATUS_OPTIONS} />
    </EntityFormDialog>
  );
}
