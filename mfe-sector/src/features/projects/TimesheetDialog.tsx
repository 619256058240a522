import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  computeHoursWorked,
  isClockTime,
  MESSAGES_SERVICES,
  minutesOfDay,
  MONEY_PATTERN,
  timesheetCost,
  timesheetInputSchema,
  type Project,
  type TimesheetValues,
} from '@xaalis/contracts';
import {
  ControlledTextField,
  formatMoney,
  EntityFormDialog,
  FormDateField,
  FormNumberField,
  FormTextField,
  FullRow,
  todayIso,
  useEntityForm,
  FormCountField,
} from '@xaalis/web-kit';
import { useWatch } from 'react-hook-form';
import { useCreateServiceTimesheetMutation } from './api';
import { EmployeeField, ProjectField } from './fields';
import { formatHours } from './format';

export interface TimesheetFormValues {
  employeeId: string;
  projectId: string;
  date: string;
  startTime: string;
  endTime: string;
  breakTime: string;
  hourlyRate: string;
  description: string;
}

/** A clock time input ("HH:MM"): its label always above the field, to the minute. */
const TIME_SLOTS = { inputLabel: { shrink: true }, htmlInput: { step: 60 } };

/** Hours from the form's figures, or why there are none; the server computes the same. */
export function liveHours(startTime: string, endTime: string, breakTime: string): { hours: string | null; error: string | null } {
  if (!isClockTime(startTime) || !isClockTime(endTime)) return { hours: null, error: null };
  if (minutesOfDay(endTime) <= minutesOfDay(startTime)) return { hours: null, error: MESSAGES_SERVICES.endTimeBeforeStart };
  const breakMinutes = breakTime.trim() === '' ? 0 : Number(breakTime);
  if (!Number.isInteger(breakMinutes) || breakMinutes < 0) return { hours: null, error: MESSAGES_SERVICES.breakInvalid };
  const hours = computeHoursWorked(startTime, endTime, breakMinutes);
  return hours === null ? { hours: null, error: MESSAGES_SERVICES.noHoursWorked } : { hours, error: null };
}

/** The rate as the wire writes it ("5000" → "5000.00"), or null while it is not an amount. */
function rateOf(value: string): string | null {
  const v = value.trim() === '' ? '0' : value.trim();
  if (!MONEY_PATTERN.test(v) || v.startsWith('-')) return null;
  const [int, dec = ''] = v.split('.');
  return `${int}.${dec.padEnd(2, '0')}`;
}

export interface TimesheetDialogProps {
  open: boolean;
  onClose: () => void;
  companyId: string | null;
  /** The employee chosen on opening: the company's only active one, else none (''). The choice searches HR as the user types. */
  defaultEmployeeId?: string;
}

/**
 * 'Nouvelle feuille de temps': employee, project ('Aucun projet' or an active
 * project, whose hourly rate becomes the default), date, start, end, break;
 * the hours (quarter hours) and the total are computed as the user types.
 */
export function TimesheetDialog({ open, onClose, companyId, defaultEmployeeId = '' }: TimesheetDialogProps) {
  const title = 'Nouvelle feuille de temps';
  const [create] = useCreateServiceTimesheetMutation();
  const form = useEntityForm<TimesheetFormValues, TimesheetValues>({
    open,
    onClose,
    schema: timesheetInputSchema,
    defaultValues: () => ({
      employeeId: defaultEmployeeId,
      projectId: '',
      date: todayIso(),
      startTime: '08:00',
      endTime: '17:00',
      breakTime: '0',
      hourlyRate: '',
      description: '',
    }),
    companyId,
    save: (values, id) =>
      create({
        companyId: id,
        body: {
          employeeId: values.employeeId,
          projectId: values.projectId,
          date: values.date,
          startTime: values.startTime,
          endTime: values.endTime,
          breakTime: values.breakTime,
          description: values.description,
          hourlyRate: values.hourlyRate ?? '0.00',
          // The server recomputes it and refuses a different figure.
          hoursWorked: computeHoursWorked(values.startTime, values.endTime, values.breakTime) ?? undefined,
        },
      }).unwrap(),
    success: [MESSAGES_SERVICES.timesheetCreated, MESSAGES_SERVICES.timesheetCreatedDescription],
    failure: MESSAGES_SERVICES.timesheetCreateError,
  });
  const { control, setValue } = form;
  const [startTime, endTime, breakTime, hourlyRate, employeeId, projectId] = useWatch({
    control,
    name: ['startTime', 'endTime', 'breakTime', 'hourlyRate', 'employeeId', 'projectId'],
  });
  const { hours, error: hoursError } = liveHours(startTime, endTime, breakTime);
  const rate = rateOf(hourlyRate);
  const total = hours !== null && rate !== null ? timesheetCost(hours, rate) : null;

  const chooseProject = (id: string, project: Project | null) => {
    setValue('projectId', id, { shouldValidate: false });
    // The project's rate is the default; the user may still change it.
    if (project) setValue('hourlyRate', project.hourlyRate);
  };

  return (
    <EntityFormDialog form={form} title={title} submitLabel="Enregistrer">
      <FullRow>
        <EmployeeField
          companyId={open ? companyId : null}
          value={employeeId ?? ''}
          control={control}
          name="employeeId"
          label="Employé"
          required
          placeholder="Choisir un employé"
        />
      </FullRow>
      <FullRow>
        <ProjectField
          companyId={open ? companyId : null}
          value={projectId ?? ''}
          control={control}
          name="projectId"
          label="Projet"
          placeholder={MESSAGES_SERVICES.noProject}
          onValueChange={chooseProject}
          helperText="Seuls les projets actifs sont proposés"
        />
      </FullRow>
      <FormDateField control={control} name="date" label="Date" />
      <FormCountField control={control} name="breakTime" label="Pause (minutes)" min={0} step={5} />
      <ControlledTextField control={control} name="startTime" label="Heure de début" type="time" required slotProps={TIME_SLOTS} />
      <ControlledTextField control={control} name="endTime" label="Heure de fin" type="time" required slotProps={TIME_SLOTS} />
      <TextField
        id="field-hoursWorked"
        label="Heures travaillées"
        type="number"
        value={hours ?? ''}
        fullWidth
        helperText="Calculées au quart d'heure"
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly: true, step: 0.25, min: 0 } }}
      />
      <FormNumberField control={control} name="hourlyRate" label="Taux horaire (XOF)" min={0} step={1} inputMode="decimal" />
      <FullRow>
        <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
      </FullRow>
      {hoursError ? (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {hoursError}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ gridColumn: '1 / -1', p: 1.5, display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="body2" aria-label="Heures calculées">
          {hours === null ? MESSAGES_SERVICES.unknownValue : formatHours(hours)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }} aria-label="Total calculé">
          {`Total : ${total === null ? MESSAGES_SERVICES.unknownValue : formatMoney(total)}`}
        </Typography>
      </Paper>
    </EntityFormDialog>
  );
}
