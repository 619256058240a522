import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { TitleBlock } from '@xaalis/web-kit';
import { useId, type ReactNode } from 'react';
import type { Trend } from './figures';

const TREND_COLORS: Record<Trend['direction'], string> = { up: 'success.main', down: 'error.main', flat: 'text.secondary' };

export interface StatCardProps {
  title: string;
  value: ReactNode;
  loading?: boolean;
  /** The computed trend ('+12.5%'), shown coloured before the caption; nothing when null. */
  trend?: Trend | null;
  /** 'vs exercice précédent', 'À encaisser'... */
  caption?: string;
  /** When the caption only makes sense next to a trend. */
  captionNeedsTrend?: boolean;
  icon?: ReactNode;
}

/** A figure card (role group, named by its title). */
export function StatCard({ title, value, loading, trend, caption, captionNeedsTrend, icon }: StatCardProps) {
  const showCaption = caption && (!captionNeedsTrend || trend);
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={title}
      sx={{ p: 2, minHeight: 120, display: 'flex', flexDirection: 'column', gap: 0.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {icon ? <Box sx={{ color: 'text.disabled', display: 'flex' }}>{icon}</Box> : null}
      </Box>
      {loading ? (
        <>
          <Skeleton variant="text" width="70%" height={36} />
          <Skeleton variant="text" width="50%" />
        </>
      ) : (
        <>
          <Typography
            variant="h5"
            component="p"
            sx={{ fontWeight: 700, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {value}
          </Typography>
          {trend || showCaption ? (
            <Typography variant="caption" color="text.secondary" component="p">
              {trend ? (
                <Box component="span" data-testid="trend" sx={{ color: TREND_COLORS[trend.direction], fontWeight: 700, mr: 0.5 }}>
                  {trend.text}
                </Box>
              ) : null}
              {showCaption ? caption : null}
            </Typography>
          ) : null}
        </>
      )}
    </Paper>
  );
}

export interface PanelProps {
  title: string;
  subtitle?: ReactNode;
  /** Controls on the right of the title (selectors, 'Nouveau'...). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled panel (a section named by its h2). */
export function Panel({ title, subtitle, actions, children }: PanelProps) {
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 1.5, md: 2 }, display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <TitleBlock
            title={title}
            subtitle={subtitle}
            variant="h6"
            component="h2"
            id={headingId}
            sx={{ fontWeight: 600, fontSize: '1.1rem' }}
          />
        </Box>
        {actions ? <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>{actions}</Box> : null}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Paper>
  );
}

/** A list of the dashboard and treasury panels: no bullets, and its rows divided by a line. */
export const listSx = { listStyle: 'none', p: 0, m: 0 } as const;
export const listRowSx = {
  display: 'flex',
  alignItems: 'center',
  gap: 1.5,
  py: 1.25,
  borderBottom: 1,
  borderColor: 'divider',
  '&:last-of-type': { borderBottom: 0 },
} as const;

/** Grid of cards / panels: one column on phones, `columns` from md up. */
export function Grid({ columns, children, mb = 3 }: { columns: number; children: ReactNode; mb?: number }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: columns > 2 ? '1fr 1fr' : '1fr', md: `repeat(${columns}, minmax(0, 1fr))` },
        mb,
      }}
    >
      {children}
    </Box>
  );
}

/** Read by screen readers, not shown (web-kit's, re-exported for the charts). */
export { visuallyHidden } from '@xaalis/web-kit';
