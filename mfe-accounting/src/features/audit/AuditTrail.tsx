import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@xaalis/web-kit';
import { useMemo } from 'react';
import { useListCompanyUsersQuery } from './api';

/** One step of a document's history: who (a user id, or null) and when (ISO timestamp, or null). */
export interface AuditStep {
  /** 'Créée par', 'Validée par', 'Annulée par'… */
  label: string;
  userId: string | null | undefined;
  at?: string | null;
}

/** The name of a user of the company, '—' when unknown (no id, a former user, or the list unavailable). */
export function useUserName(): (userId: string | null | undefined) => string {
  const { data } = useListCompanyUsersQuery();
  return useMemo(() => {
    const names = new Map((data ?? []).map((u) => [u.id, u.name]));
    return (userId) => (userId ? (names.get(userId) ?? '—') : '—');
  }, [data]);
}

/**
 * Who created, validated and cancelled a document, with the dates: the steps
 * given (a step with neither a user nor a date is left out, e.g. 'Validée par'
 * on a draft).
 */
export function AuditTrail({ steps }: { steps: AuditStep[] }) {
  const nameOf = useUserName();
  const shown = steps.filter((s) => s.userId || s.at);
  if (shown.length === 0) return null;
  return (
    <Box role="group" aria-label="Historique" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, mt: 2 }}>
      {shown.map((s) => (
        <Typography key={s.label} variant="caption" color="text.secondary" component="p" sx={{ m: 0 }}>
          {`${s.label} ${nameOf(s.userId)}${s.at ? ` le ${formatDateTime(s.at)}` : ''}`}
        </Typography>
      ))}
    </Box>
  );
}
