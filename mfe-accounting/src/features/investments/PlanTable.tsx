import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES_INVESTMENT, type DepreciationSchedule } from '@xaalis/contracts';
import { type PlannedDepreciation } from '@xaalis/domain';
import { AmountCell, formatMoney, TableContainer } from '@xaalis/web-kit';

type Row = PlannedDepreciation & Partial<Pick<DepreciationSchedule, 'id' | 'label' | 'isRecorded'>>;

/**
 * The rows of a plan: fiscal year, beginning value, depreciation, ending value,
 * status (with the stored plan) and 'Enregistrer la dotation' on the row that
 * can be recorded next. The 30/360 convention is stated under it.
 */
export function PlanTable({
  rows,
  label,
  recordable,
  onRecord,
  recording,
}: {
  rows: readonly Row[];
  label: string;
  /** The id of the row that can be recorded now (the first pending one, its fiscal year started). */
  recordable?: string | null;
  onRecord?: (rowId: string) => void;
  recording?: boolean;
}) {
  const withStatus = rows.some((r) => r.isRecorded !== undefined);
  return (
    <>
      <TableContainer label={label}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>Exercice</TableCell>
              <TableCell align="right">Valeur début</TableCell>
              <TableCell align="right">Dotation</TableCell>
              <TableCell align="right">Valeur fin</TableCell>
              {withStatus ? <TableCell>Statut</TableCell> : null}
              {withStatus && onRecord ? <TableCell align="right">Action</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id ?? r.rowNo}>
                <TableCell>{r.label ?? r.year}</TableCell>
                <AmountCell>{formatMoney(r.beginningValue)}</AmountCell>
                <AmountCell>{formatMoney(r.depreciationAmount)}</AmountCell>
                <AmountCell>{formatMoney(r.endingValue)}</AmountCell>
                {withStatus ? (
                  <TableCell>
                    <Chip
                      size="small"
                      label={r.isRecorded ? 'Enregistré' : 'En attente'}
                      color={r.isRecorded ? 'success' : 'default'}
                      variant={r.isRecorded ? 'filled' : 'outlined'}
                    />
                  </TableCell>
                ) : null}
                {withStatus && onRecord ? (
                  <TableCell align="right">
                    {r.id && r.id === recordable ? (
                      <Button size="small" variant="outlined" disabled={recording} onClick={() => onRecord(r.id as string)}>
                        Enregistrer la dotation
                      </Button>
                    ) : null}
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {MESSAGES_INVESTMENT.convention}
      </Typography>
    </>
  );
}
