import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { MESSAGES_SERVICES, type Project, type ProjectList } from '@xaalis/contracts';
import { PagedPanel, type PanelPaging } from '../../ui/paged';
import { ProjectCard } from './ProjectCard';
import { CardPlaceholders, WIDE_CARD_GRID } from '../../ui/placeholders';

export interface ListQuery<T> {
  data?: T;
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface ProjectsPanelProps {
  list: ListQuery<ProjectList>;
  paging: PanelPaging;
  onCreate: () => void;
  onBill: (project: Project) => void;
  billingId: string | null;
  /** No creation nor billing (a role that may not change the module). */
  readOnly?: boolean;
}

/** 'Projets': the project cards, a notice when accounting cannot name the clients. */
export function ProjectsPanel({ list, paging, onCreate, onBill, billingId, readOnly = false }: ProjectsPanelProps) {
  const projects = list.data?.items ?? [];
  return (
    <PagedPanel
      {...paging}
      emptyFiltered="Aucun projet ne correspond à la recherche"
      create={readOnly ? undefined : { label: 'Nouveau projet', onClick: onCreate }}
      notice={
        list.data && !list.data.clientsAvailable ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {MESSAGES_SERVICES.accountingDown}
          </Alert>
        ) : null
      }
      list={list}
      errorTitle="Impossible de charger les projets"
      loading={<CardPlaceholders count={4} grid={WIDE_CARD_GRID} testId="project-placeholder" bodyHeight={72} />}
      count={projects.length}
      empty={{
        title: MESSAGES_SERVICES.emptyProjects,
        create: readOnly
          ? undefined
          : {
              description: 'Un projet regroupe les heures passées pour un client ; ses heures se facturent en un clic.',
              label: 'Créer le premier projet',
              onClick: onCreate,
            },
      }}
    >
      <Box sx={{ ...WIDE_CARD_GRID, opacity: list.isFetching ? 0.7 : 1 }}>
        {projects.map((project) => (
          <ProjectCard key={project.id} project={project} onBill={readOnly ? undefined : onBill} billing={billingId === project.id} />
        ))}
      </Box>
    </PagedPanel>
  );
}
