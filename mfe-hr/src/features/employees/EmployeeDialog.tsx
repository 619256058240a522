import {
  EMPLOYEE_TEXT_LIMITS,
  employeeInputSchema,
  MARITAL_STATUS_LABELS,
  MARITAL_STATUSES,
  MAX_EMPLOYEE_CHILDREN,
  MESSAGES_EMPLOYEE,
  SALARY_TYPE_LABELS,
  SALARY_TYPES,
  type Employee,
  type EmployeeValues,
  type MaritalStatus,
  type SalaryType,
} from '@xaalis/contracts';
import {
  EntityFormDialog,
  FormCheckboxField,
  FormDateField,
  FormSelectField,
  FormMoneyField,
  FormTextField,
  FullRow,
  todayIso,
  useEntityForm,
  recordValues,
  FormCountField,
} from '@xaalis/web-kit';
import { useCreateEmployeeMutation, useUpdateEmployeeMutation } from './api';

export interface EmployeeFormValues {
  employeeNumber: string;
  firstName: string;
  lastName: string;
  position: string;
  department: string;
  hireDate: string;
  salary: string;
  salaryType: SalaryType;
  bankAccount: string;
  ipresNumber: string;
  cssNumber: string;
  phone: string;
  email: string;
  address: string;
  isCadre: boolean;
  maritalStatus: MaritalStatus | '';
  children: string;
}

/** The form's values: empty for a new employee (hired today, monthly salary), the employee's own for an edit. */
export function employeeFormValues(employee?: Employee | null): EmployeeFormValues {
  const defaults: Omit<EmployeeFormValues, 'children'> = {
    employeeNumber: '',
    firstName: '',
    lastName: '',
    position: '',
    department: '',
    hireDate: todayIso(),
    salary: '',
    salaryType: 'monthly',
    bankAccount: '',
    ipresNumber: '',
    cssNumber: '',
    phone: '',
    email: '',
    address: '',
    isCadre: false,
    maritalStatus: '',
  };
  return {
    ...recordValues(defaults, employee),
    children: employee ? String(employee.children) : '0',
  };
}

const SALARY_TYPE_OPTIONS = SALARY_TYPES.map((value) => ({ value, label: SALARY_TYPE_LABELS[value] }));
const MARITAL_OPTIONS = MARITAL_STATUSES.map((value) => ({ value, label: MARITAL_STATUS_LABELS[value] }));

/** What the API receives: the optional texts left empty are sent as null. */
export function employeeBody(values: EmployeeValues): EmployeeValues {
  return {
    ...values,
    department: values.department || null,
    bankAccount: values.bankAccount || null,
    ipresNumber: values.ipresNumber || null,
    cssNumber: values.cssNumber || null,
    phone: values.phone || null,
    email: values.email || null,
    address: values.address || null,
  };
}

export interface EmployeeDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
  /** The employee being edited; null or absent: a new employee. */
  employee?: Employee | null;
}

/**
 * 'Nouvel Employé' / 'Modifier l'employé': every field of the employee card, the
 * cadre status, family situation and children (read by the official payroll set).
 * A matricule already used in the company (409) is shown on its field.
 */
export function EmployeeDialog({ open, onClose, companyId, employee }: EmployeeDialogProps) {
  const editing = Boolean(employee);
  const title = editing ? "Modifier l'employé" : 'Nouvel Employé';
  const [createEmployee] = useCreateEmployeeMutation();
  const [updateEmployee] = useUpdateEmployeeMutation();
  const form = useEntityForm<EmployeeFormValues, EmployeeValues>({
    open,
    onClose,
    schema: employeeInputSchema,
    defaultValues: () => employeeFormValues(employee),
    resetKey: employee,
    companyId,
    save: (values, id) =>
      employee
        ? updateEmployee({ id: employee.id, body: employeeBody(values) }).unwrap()
        : createEmployee({ companyId: id, body: employeeBody(values) }).unwrap(),
    success: employee ? MESSAGES_EMPLOYEE.updated : MESSAGES_EMPLOYEE.created,
    failure: editing ? MESSAGES_EMPLOYEE.updateError : MESSAGES_EMPLOYEE.createError,
    serverErrors: { 409: { field: 'employeeNumber', message: MESSAGES_EMPLOYEE.duplicateNumber } },
  });
  const { control } = form;

  return (
    <EntityFormDialog form={form} title={title} submitLabel={editing ? 'Enregistrer' : "Créer l'employé"} maxWidth="md">
      <FormTextField control={control} name="employeeNumber" label="Matricule" required autoFocus />
      <FormTextField control={control} name="position" label="Poste" required />
      <FormTextField control={control} name="firstName" label="Prénom" required />
      <FormTextField control={control} name="lastName" label="Nom" required />
      <FormTextField control={control} name="department" label="Département" />
      <FormDateField control={control} name="hireDate" label="Date d'embauche" />
      <FormMoneyField control={control} name="salary" label="Salaire" required />
      <FormSelectField control={control} name="salaryType" label="Type de salaire" options={SALARY_TYPE_OPTIONS} />
      <FormSelectField
        control={control}
        name="maritalStatus"
        label="Situation familiale"
        options={MARITAL_OPTIONS}
        placeholder="Non renseignée"
      />
      <FormCountField control={control} name="children" label="Enfants à charge" min={0} max={MAX_EMPLOYEE_CHILDREN} />
      <FullRow>
        <FormCheckboxField control={control} name="isCadre" label="Cadre (régime IPRES cadres)" />
      </FullRow>
      <FormTextField control={control} name="phone" label="Téléphone" type="tel" />
      <FormTextField control={control} name="email" label="Email" type="email" />
      <FormTextField control={control} name="bankAccount" label="Compte bancaire" />
      <FormTextField
        control={control}
        name="ipresNumber"
        label="N° IPRES"
        inputProps={{ maxLength: EMPLOYEE_TEXT_LIMITS.ipresNumber }}
        helperText="Immatriculation à l'IPRES (déclaration sociale)"
      />
      <FormTextField
        control={control}
        name="cssNumber"
        label="N° CSS"
        inputProps={{ maxLength: EMPLOYEE_TEXT_LIMITS.cssNumber }}
        helperText="Immatriculation à la Caisse de sécurité sociale"
      />
      <FormTextField control={control} name="address" label="Adresse" />
    </EntityFormDialog>
  );
}
