import { employeeName, type Employee, type Project, type ThirdParty } from '@xaalis/contracts';
import { FormServerAutocomplete, useServerOptions, type CompanyServerFieldProps } from '@xaalis/web-kit';
import type { FieldValues } from 'react-hook-form';
import type { CompanyPageArgs } from '../../ui/paged';
import { useListServiceClientsQuery, useListServiceProjectsQuery, useSearchServiceEmployeesQuery } from './api';

/** 'Awa Diop — Consultante': the employee and the position. */
export const employeeChoiceLabel = (e: Employee): string => `${employeeName(e)} — ${e.position}`;

/** A client (accounting's third party of type client or both) chosen in a form, searched on the server as the user types. */
export function ClientField<F extends FieldValues, TOut = F>({ companyId, value, ...field }: CompanyServerFieldProps<ThirdParty, F, TOut>) {
  const options = useServerOptions<ThirdParty, CompanyPageArgs>(
    useListServiceClientsQuery,
    companyId ? (filter) => ({ companyId, ...filter }) : null,
    value,
  );
  return <FormServerAutocomplete<ThirdParty, F, TOut> {...field} options={options} optionLabel={(c) => c.name} />;
}

/** An active employee (HR) chosen in a form, searched on the server as the user types (name, matricule or position). */
export function EmployeeField<F extends FieldValues, TOut = F>({ companyId, value, ...field }: CompanyServerFieldProps<Employee, F, TOut>) {
  const options = useServerOptions<Employee, CompanyPageArgs & { status?: 'active' }>(
    useSearchServiceEmployeesQuery,
    companyId ? (filter) => ({ companyId, status: 'active', ...filter }) : null,
    value,
  );
  return <FormServerAutocomplete<Employee, F, TOut> {...field} options={options} optionLabel={employeeChoiceLabel} />;
}

/** An active project chosen in a form (spec §5: only active ones), searched on the server as the user types (name). */
export function ProjectField<F extends FieldValues, TOut = F>({ companyId, value, ...field }: CompanyServerFieldProps<Project, F, TOut>) {
  const options = useServerOptions<Project, CompanyPageArgs & { status?: 'active' }>(
    useListServiceProjectsQuery,
    companyId ? (filter) => ({ companyId, status: 'active', ...filter }) : null,
    value,
  );
  return <FormServerAutocomplete<Project, F, TOut> {...field} options={options} optionLabel={(p) => p.name} />;
}
