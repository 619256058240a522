import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import {
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
  FormSelectField,
  FormTextField,
  isApiError,
  todayIso,
  FormDateField,
  toastFailure,
  toastMissingCompany,
  toastSuccess,
  FormDialog,
} from '@xaalis/web-kit';
import { useEffect, useId } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
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
  phone: string;
  email: string;
  address: string;
  isCadre: boolean;
  maritalStatus: MaritalStatus | '';
  children: string;
}

/** The form's values: empty for a new employee (hired today, monthly salary), the employee's own for an edit. */
export function employeeFormValues(employee?: Employee | null): EmployeeFormValues {
  return {
    employeeNumber: employee?.employeeNumber ?? '',
    firstName: employee?.firstName ?? '',
    lastName: employee?.lastName ?? '',
    position: employee?.position ?? '',
    department: employee?.department ?? '',
    hireDate: employee?.hireDate ?? todayIso(),
    salary: employee?.salary ?? '',
    salaryType: employee?.salaryType ?? 'monthly',
    bankAccount: employee?.bankAccount ?? '',
    phone: employee?.phone ?? '',
    email: employee?.email ?? '',
    address: employee?.address ?? '',
    isCadre: employee?.isCadre ?? false,
    maritalStatus: employee?.maritalStatus ?? '',
    children: employee ? String(employee.children) : '0',
  };
}

const SALARY_TYPE_OPTIONS = SALARY_TYPES.map((value) => ({ value, label: SALARY_TYPE_LABELS[value] }));
const MARITAL_OPTIONS = MARITAL_STATUSES.map((value) => ({ value, label: MARITAL_STATUS_LABELS[value] }));
const resolver = zodResolver(employeeInputSchema) as unknown as Resolver<EmployeeFormValues, unknown, EmployeeValues>;

/** What the API receives: the optional texts left empty are sent as null. */
export function employeeBody(values: EmployeeValues): EmployeeValues {
  return {
    ...values,
    department: values.department || null,
    bankAccount: values.bankAccount || null,
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
  const formId = useId();
  const editing = Boolean(employee);
  const title = editing ? "Modifier l'employé" : 'Nouvel Employé';
  const [createEmployee, { isLoading: creating }] = useCreateEmployeeMutation();
  const [updateEmployee, { isLoading: updating }] = useUpdateEmployeeMutation();
  const { control, handleSubmit, reset, setError } = useForm<EmployeeFormValues, unknown, EmployeeValues>({
    resolver,
    defaultValues: employeeFormValues(employee),
  });

  useEffect(() => {
    if (open) reset(employeeFormValues(employee));
  }, [open, employee, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (employee) {
        await updateEmployee({ id: employee.id, body: employeeBody(values) }).unwrap();
        toastSuccess(MESSAGES_EMPLOYEE.updated);
      } else {
        if (!companyId) {
          toastMissingCompany();
          return;
        }
        await createEmployee({ companyId, body: employeeBody(values) }).unwrap();
        toastSuccess(MESSAGES_EMPLOYEE.created);
      }
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 409) setError('employeeNumber', { message: MESSAGES_EMPLOYEE.duplicateNumber });
      toastFailure(error, editing ? MESSAGES_EMPLOYEE.updateError : MESSAGES_EMPLOYEE.createError);
    }
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      formId={formId}
      busy={creating || updating}
      submitLabel={editing ? 'Enregistrer' : "Créer l'employé"}
      maxWidth="md"
    >
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-label={title}
        sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <FormTextField control={control} name="employeeNumber" label="Matricule" required autoFocus />
        <FormTextField control={control} name="position" label="Poste" required />
        <FormTextField control={control} name="firstName" label="Prénom" required />
        <FormTextField control={control} name="lastName" label="Nom" required />
        <FormTextField control={control} name="department" label="Département" />
        <FormDateField control={control} name="hireDate" label="Date d'embauche" />
        <FormTextField
          control={control}
          name="salary"
          label="Salaire"
          required
          type="number"
          inputProps={{ min: 0, step: 0.01, inputMode: 'decimal' }}
          endAdornment={
            <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
              XOF
            </Box>
          }
        />
        <FormSelectField control={control} name="salaryType" label="Type de salaire" options={SALARY_TYPE_OPTIONS} />
        <FormSelectField
          control={control}
          name="maritalStatus"
          label="Situation familiale"
          options={MARITAL_OPTIONS}
          placeholder="Non renseignée"
        />
        <FormTextField
          control={control}
          name="children"
          label="Enfants à charge"
          type="number"
          inputProps={{ min: 0, max: MAX_EMPLOYEE_CHILDREN, step: 1, inputMode: 'numeric' }}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Controller
            control={control}
            name="isCadre"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    name={field.name}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                  />
                }
                label="Cadre (régime IPRES cadres)"
              />
            )}
          />
        </Box>
        <FormTextField control={control} name="phone" label="Téléphone" type="tel" />
        <FormTextField control={control} name="email" label="Email" type="email" />
        <FormTextField control={control} name="bankAccount" label="Compte bancaire" />
        <FormTextField control={control} name="address" label="Adresse" />
      </Box>
    </FormDialog>
  );
}
