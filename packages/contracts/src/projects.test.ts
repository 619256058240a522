import { MESSAGES_SERVICES, computeHoursWorked, projectInputSchema, timesheetCost, timesheetInputSchema, trimHours } from './projects';

describe('computeHoursWorked', () => {
  it('rounds the worked minutes to the nearest quarter hour', () => {
    expect(computeHoursWorked('08:00', '17:00', 60)).toBe('8.00');
    expect(computeHoursWorked('08:00', '17:07', 60)).toBe('8.00');
    expect(computeHoursWorked('08:00', '17:08', 60)).toBe('8.25');
    expect(computeHoursWorked('08:00', '08:20', 0)).toBe('0.25');
    expect(computeHoursWorked('00:00', '23:59', 0)).toBe('24.00');
  });

  it('is null when the end is not after the start or nothing is left', () => {
    expect(computeHoursWorked('10:00', '09:00', 0)).toBeNull();
    expect(computeHoursWorked('10:00', '10:00', 0)).toBeNull();
    expect(computeHoursWorked('10:00', '11:00', 60)).toBeNull();
    expect(computeHoursWorked('10:00', '10:05', 0)).toBeNull();
    expect(computeHoursWorked('24:00', '25:00', 0)).toBeNull();
  });
});

describe('timesheetCost', () => {
  it('multiplies exactly and rounds to the cent', () => {
    expect(timesheetCost('7.75', '5000.00')).toBe('38750.00');
    expect(timesheetCost('0.25', '0.01')).toBe('0.00');
    expect(timesheetCost('0.25', '0.02')).toBe('0.01');
    expect(timesheetCost('1.25', '3333.33')).toBe('4166.66');
  });
  it('trims hours for invoice lines', () => {
    expect(trimHours('7.50')).toBe('7.5');
    expect(trimHours('8.00')).toBe('8');
  });
});

describe('schemas', () => {
  it('defaults a project to planning and refuses an end before the start', () => {
    const id = '0b7b9b1e-8f7e-4b43-9a0e-2f1c3a4b5c6d';
    expect(projectInputSchema.parse({ name: 'P', clientId: id, startDate: '2026-01-01' })).toMatchObject({
      status: 'planning',
      budget: '0.00',
      endDate: null,
    });
    const bad = projectInputSchema.safeParse({ name: 'P', clientId: id, startDate: '2026-02-01', endDate: '2026-01-01' });
    expect(bad.error?.issues[0].message).toBe(MESSAGES_SERVICES.endBeforeStart);
  });

  it('reads a timesheet: break default 0, no project, end before start refused', () => {
    const id = '0b7b9b1e-8f7e-4b43-9a0e-2f1c3a4b5c6d';
    const base = { employeeId: id, date: '2026-01-01', startTime: '08:00', endTime: '12:00' };
    expect(timesheetInputSchema.parse({ ...base, projectId: '' })).toMatchObject({ breakTime: 0, projectId: null });
    expect(timesheetInputSchema.safeParse({ ...base, endTime: '07:00' }).error?.issues[0].message).toBe(
      MESSAGES_SERVICES.endTimeBeforeStart,
    );
    expect(timesheetInputSchema.safeParse({ ...base, hoursWorked: '4' }).success).toBe(true);
    expect(timesheetInputSchema.safeParse({ ...base, hoursWorked: 3.75 }).error?.issues[0].message).toBe(MESSAGES_SERVICES.hoursMismatch);
  });
});
