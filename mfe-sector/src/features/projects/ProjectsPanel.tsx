import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MESSAGES_SERVICES, type Project, type ProjectList } from '@xaalis/contracts';
import { AddIcon, EmptyState, ErrorState } from '@xaalis/web-kit';
import type { ReactNode } from 'react';
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
  onCreate: () => void;
  onBill: (project: Project) => void;
  billingId: string | null;
  /** No creation nor billing (a role that may not change the module). */
  readOnly?: boolean;
}

/** 'Projets': the project cards, a notice when accounting cannot name the clients. */
export function ProjectsPanel({ list, onCreate, onBill, billingId, readOnly = false }: ProjectsPanelProps) {
  const projects = list.data?.items ?? [];
  let content: ReactNode;
  if (list.isLoading) content = <CardPlaceholders count={4} grid={WIDE_CARD_GRID} testId="project-placeholder" bodyHeight={72} />;
  else if (list.error && !list.data)
    content = <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Impossible de charger les projets" />;
  else if (projects.length === 0)
    content = (
      <EmptyState
        title={MESSAGES_SERVICES.emptyProjects}
        description={readOnly ? undefined : 'Un projet regroupe les heures passées pour un client ; ses heures se facturent en un clic.'}
        action={
          readOnly ? undefined : (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={onCreate}>
              Créer le premier projet
            </Button>
          )
        }
      />
    );
  else
    content = (
      <Box sx={{ ...WIDE_CARD_GRID, opacity: list.isFetching ? 0.7 : 1 }}>
        {projects.map((project) => (
          <ProjectCard key={project.id} project={project} onBill={readOnly ? undefined : onBill} billing={billingId === project.id} />
        ))}
      </Box>
    );
  return (
    <Box>
      {readOnly ? null : (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
            Nouveau projet
          </Button>
        </Box>
      )}
      {list.data && !list.data.clientsAvailable ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {MESSAGES_SERVICES.accountingDown}
        </Alert>
      ) : null}
      {content}
    </Box>
  );
}
