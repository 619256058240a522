import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { hoursBilled, MESSAGES_SERVICES, type Project, type ProjectBillingResult } from '@xaalis/contracts';
import {
  CounterRow,
  CounterTile,
  errorStatus,
  formatMoney,
  PageHeader,
  serverMessage,
  sessionPreamble,
  toast,
  toastFailure,
  toastSuccess,
  useDebouncedSearch,
  useDialog,
  useSession,
} from '@xaalis/web-kit';
import { useState, type ReactNode } from 'react';
import { sectorRoute } from '../../ui/CompanyPage';
import { pageArgs, panelPaging, usePagedSearch } from '../../ui/paged';
import {
  useBillServiceProjectMutation,
  useGetProjectsSummaryQuery,
  useListServiceClientsQuery,
  useListServiceEmployeesQuery,
  useListServiceProjectsQuery,
  useListServiceTimesheetsQuery,
} from './api';
import { formatHours } from './format';
import { ProjectDialog } from './ProjectDialog';
import { ProjectsPanel } from './ProjectsPanel';
import { useProjectsRights } from './rights';
import { TimesheetDialog } from './TimesheetDialog';
import { TIMESHEET_PAGE_SIZES, TimesheetsPanel } from './TimesheetsPanel';

const { title: TITLE, subtitle: SUBTITLE } = sectorRoute('/services', 'Gestion des Services');
const NO_EMPLOYEE = "Ajoutez d'abord un employé actif dans Gestion du Personnel pour saisir une feuille de temps.";

type TabValue = 'projects' | 'timesheets';

/** The billing toasts: the draft invoice's number, 'pending' while accounting has not answered, the server's reason otherwise. */
function billingToast(result: ProjectBillingResult) {
  if (result.status === 'pending' || !result.invoice) {
    toast({ title: MESSAGES_SERVICES.billAction, description: MESSAGES_SERVICES.billPending, variant: 'info' });
    return;
  }
  toastSuccess(
    hoursBilled(result.invoice.number),
    `${formatHours(result.hours)} · ${formatMoney(result.amount)} HT — facture en brouillon dans Factures`,
  );
}

/**
 * Route /services (exposed as './Projects'): 'Gestion des Services', the
 * cards, the projects (with 'Facturer les heures') and the timesheets. Clients
 * come from accounting and employees from HR: when one is down the page still
 * shows its own data, with "—" and a notice.
 */
export default function ProjectsPage() {
  const { companyId, isLoading: userLoading, error: userError, user } = useSession();
  const args = companyId ?? skipToken;
  const [tab, setTab] = useState<TabValue>('projects');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(TIMESHEET_PAGE_SIZES[1]);
  const projectPaging = usePagedSearch();
  const timesheetSearch = useDebouncedSearch();
  const projectsList = useListServiceProjectsQuery(companyId ? pageArgs(companyId, projectPaging) : skipToken);
  const summary = useGetProjectsSummaryQuery(args);
  const employeesList = useListServiceEmployeesQuery(args);
  // Whether the company has clients (and its only one): the dialog's choice searches them itself.
  const clientsList = useListServiceClientsQuery(companyId ? { companyId, page: 1, pageSize: 2 } : skipToken);
  // Read when its tab is shown: the projects tab does not need it.
  const timesheetsList = useListServiceTimesheetsQuery(
    companyId && tab === 'timesheets' ? { companyId, page: page + 1, pageSize, search: timesheetSearch.search || undefined } : skipToken,
  );
  const [bill, billState] = useBillServiceProjectMutation();
  const projectDialog = useDialog('project');
  const timesheetDialog = useDialog('timesheet');
  const rights = useProjectsRights();

  const activeEmployees = employeesList.data?.totalItems ?? 0;
  const clientCount = clientsList.data?.totalItems ?? 0;
  const employeesLoading = employeesList.isLoading || employeesList.isUninitialized;
  const hrFailed = Boolean(employeesList.error) && !employeesList.data;
  const canCreateTimesheet = !employeesLoading && activeEmployees > 0;
  let createNotice: string | null = null;
  // The list's own notice already says HR is down.
  if (hrFailed) createNotice = timesheetsList.data && !timesheetsList.data.employeesAvailable ? null : MESSAGES_SERVICES.hrDown;
  else if (!employeesLoading && activeEmployees === 0) createNotice = NO_EMPLOYEE;

  const onBill = async (project: Project) => {
    if (!companyId) return;
    try {
      billingToast(await bill({ companyId, id: project.id }).unwrap());
    } catch (error) {
      // Nothing to bill, a billing already running: the server's French reason.
      if (errorStatus(error) === 400 || errorStatus(error) === 409)
        toast({
          title: MESSAGES_SERVICES.billAction,
          description: serverMessage(error) ?? MESSAGES_SERVICES.nothingToBill,
          variant: 'info',
        });
      else toastFailure(error, MESSAGES_SERVICES.billError);
    }
  };
  const billingId = billState.isLoading ? (billState.originalArgs?.id ?? null) : null;

  const cardsLoading = summary.isLoading || summary.isUninitialized;
  const data = summary.data;
  const unknown = MESSAGES_SERVICES.unknownValue;
  const cards = (
    <CounterRow>
      <CounterTile
        label="Projets actifs"
        loading={cardsLoading}
        value={
          data ? (
            <>
              {data.activeProjects}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {`${data.completedProjects} terminé${data.completedProjects > 1 ? 's' : ''}`}
              </Typography>
            </>
          ) : (
            unknown
          )
        }
      />
      <CounterTile label="Valeur totale" loading={cardsLoading} value={data ? formatMoney(data.totalValue) : unknown} />
      <CounterTile label="Heures ce mois" loading={cardsLoading} value={data ? formatHours(data.hoursThisMonth) : unknown} />
      <CounterTile label="Employés actifs" loading={employeesLoading} value={hrFailed ? unknown : activeEmployees} />
    </CounterRow>
  );

  const preamble = sessionPreamble({ user, userLoading, userError, companyId, rows: 3 });
  let content: ReactNode;
  if (preamble || !companyId) content = preamble;
  else if (tab === 'projects')
    content = (
      <ProjectsPanel
        list={projectsList}
        paging={panelPaging(projectPaging, 'Rechercher un projet', 'Nom', projectsList.data?.totalItems)}
        onCreate={() => projectDialog.show()}
        onBill={(project) => void onBill(project)}
        billingId={billingId}
        readOnly={!rights.projects}
      />
    );
  else
    content = (
      <TimesheetsPanel
        list={timesheetsList}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(0);
        }}
        search={{
          label: 'Rechercher une feuille de temps',
          placeholder: 'Description ou projet',
          value: timesheetSearch.input,
          onChange: (value) => {
            timesheetSearch.setInput(value);
            setPage(0);
          },
          active: Boolean(timesheetSearch.search),
        }}
        canCreate={canCreateTimesheet}
        createNotice={createNotice}
        onCreate={() => timesheetDialog.show()}
        readOnly={!rights.timesheets}
      />
    );

  return (
    <Box component="section" aria-label={TITLE}>
      <PageHeader title={TITLE} subtitle={SUBTITLE} />
      {companyId ? cards : null}
      <Tabs value={tab} onChange={(_e, value: TabValue) => setTab(value)} sx={{ mb: 2 }} aria-label="Services" variant="scrollable">
        <Tab value="projects" label="Projets" />
        <Tab value="timesheets" label="Feuilles de temps" />
      </Tabs>
      <Paper variant="outlined" role="tabpanel" sx={{ p: { xs: 1.5, md: 2 } }}>
        {content}
      </Paper>
      <ProjectDialog
        key={projectDialog.key}
        {...projectDialog.props}
        companyId={companyId}
        clientsAvailable={clientCount > 0}
        defaultClientId={clientCount === 1 ? clientsList.data?.items[0]?.id : undefined}
        clientsLoading={clientsList.isLoading || clientsList.isUninitialized}
        clientsError={Boolean(clientsList.error) && !clientsList.data}
      />
      <TimesheetDialog
        key={timesheetDialog.key}
        {...timesheetDialog.props}
        companyId={companyId}
        defaultEmployeeId={activeEmployees === 1 ? employeesList.data?.items[0]?.id : undefined}
      />
    </Box>
  );
}
