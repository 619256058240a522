import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MESSAGES_SERVICES, PROJECT_STATUS_LABELS, type Project } from '@xaalis/contracts';
import { formatDate, formatMoney, formatPercent } from '@xaalis/web-kit';
import { ArticleCard, Fact, Facts } from '../../ui/cards';
import { formatHours, PROJECT_STATUS_COLORS } from './format';

export interface ProjectCardProps {
  project: Project;
  /** 'Facturer les heures'; none without it (a role that may not change the module). */
  onBill?: (project: Project) => void;
  /** Its billing is being saved. */
  billing: boolean;
}

/**
 * A project: client ("—" when accounting cannot name it), status badge, dates,
 * budget and hourly rate, the timesheet costs against the budget, the hours not
 * invoiced yet and 'Facturer les heures'.
 */
export function ProjectCard({ project, onBill, billing }: ProjectCardProps) {
  const facts: [string, string][] = [
    ['Client', project.client.name ?? MESSAGES_SERVICES.unknownValue],
    ['Début', formatDate(project.startDate)],
    ['Fin prévue', project.endDate ? formatDate(project.endDate) : MESSAGES_SERVICES.noEndDate],
    ['Budget', formatMoney(project.budget)],
    ['Taux horaire', formatMoney(project.hourlyRate)],
    ['Heures non facturées', `${formatHours(project.unbilledHours)} (${formatMoney(project.unbilledCost)})`],
  ];
  const progress = project.progress === null ? null : Number(project.progress);
  const over = progress !== null && progress > 100;
  return (
    <ArticleCard
      title={project.name}
      subtitle={project.description}
      badge={<Chip size="small" label={PROJECT_STATUS_LABELS[project.status]} color={PROJECT_STATUS_COLORS[project.status]} />}
    >
      <Facts>
        {facts.map(([label, value]) => (
          <Fact key={label} label={label} valueSx={{}}>
            {value}
          </Fact>
        ))}
      </Facts>
      <Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            Coût réalisé
          </Typography>
          <Typography variant="body2" aria-label="Coût réalisé" color={over ? 'error' : undefined} sx={{ fontWeight: 600 }}>
            {`${formatMoney(project.totalCost)} / ${formatMoney(project.budget)}`}
            {progress === null ? '' : ` (${formatPercent(project.progress, 1)})`}
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={progress === null ? 0 : Math.min(progress, 100)}
          color={over ? 'error' : 'primary'}
          aria-label={`Budget consommé de ${project.name}`}
          sx={{ mt: 0.5, height: 8, borderRadius: 4 }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 'auto', pt: 1, flexWrap: 'wrap' }}>
        {onBill ? (
          <Button variant="outlined" size="small" onClick={() => onBill(project)} disabled={billing || project.billingPending}>
            {MESSAGES_SERVICES.billAction}
          </Button>
        ) : null}
        {project.billingPending ? <Chip size="small" color="warning" label="Facturation en cours" /> : null}
      </Box>
    </ArticleCard>
  );
}
