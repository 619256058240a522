import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarPlot } from '@mui/x-charts/BarChart';
import { ChartsAxis } from '@mui/x-charts/ChartsAxis';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsWrapper } from '@mui/x-charts/ChartsWrapper';
import { LinePlot, MarkPlot } from '@mui/x-charts/LineChart';
import type { CashFlowData } from '@xaalis/contracts';
import { focusRingWithin, formatMoney } from '@xaalis/web-kit';
import { useMemo } from 'react';
import { compactAmount, toAmount } from './figures';
import { visuallyHidden } from './parts';

export const CASH_FLOW_SERIES_LABELS = { inflow: 'Encaissements', outflow: 'Décaissements', net: 'Flux net' } as const;

const money = (value: number | null) => (value === null ? null : formatMoney(value));

/** Inflows and outflows as bars per period, the net flow as a line; amounts in XOF. */
export function CashFlowChart({ points, height = 300 }: { points: CashFlowData['points']; height?: number }) {
  const theme = useTheme();
  const { labels, series } = useMemo(() => {
    const inflow = points.map((p) => toAmount(p.inflow));
    const outflow = points.map((p) => Math.abs(toAmount(p.outflow)));
    const net = points.map((p) => toAmount(p.net));
    return {
      labels: points.map((p) => p.label),
      series: [
        {
          type: 'bar' as const,
          id: 'inflow',
          label: CASH_FLOW_SERIES_LABELS.inflow,
          data: inflow,
          color: theme.palette.success.main,
          valueFormatter: money,
        },
        {
          type: 'bar' as const,
          id: 'outflow',
          label: CASH_FLOW_SERIES_LABELS.outflow,
          data: outflow,
          color: theme.palette.error.main,
          valueFormatter: money,
        },
        {
          type: 'line' as const,
          id: 'net',
          label: CASH_FLOW_SERIES_LABELS.net,
          data: net,
          color: theme.palette.primary.dark,
          valueFormatter: money,
          showMark: true,
          curve: 'linear' as const,
        },
      ],
    };
  }, [points, theme]);

  const summary = points
    .map(
      (p) =>
        `${p.label} : ${CASH_FLOW_SERIES_LABELS.inflow.toLowerCase()} ${formatMoney(p.inflow)}, ${CASH_FLOW_SERIES_LABELS.outflow.toLowerCase()} ${formatMoney(Math.abs(toAmount(p.outflow)))}, ${CASH_FLOW_SERIES_LABELS.net.toLowerCase()} ${formatMoney(p.net)}`,
    )
    .join(' ; ');

  return (
    <Box
      role="figure"
      aria-label="Graphique des flux de trésorerie"
      data-testid="cash-flow-chart"
      sx={{ width: '100%', ...focusRingWithin }}
    >
      <ChartsDataProvider
        series={series}
        xAxis={[{ id: 'period', scaleType: 'band', data: labels, categoryGapRatio: 0.35, barGapRatio: 0.1 }]}
        yAxis={[{ id: 'amount', label: 'XOF', valueFormatter: (v: number) => compactAmount(v), width: 64 }]}
        height={height}
        margin={{ top: 16, right: 16, bottom: 8, left: 8 }}
      >
        <ChartsWrapper legendPosition={{ vertical: 'top', horizontal: 'center' }}>
          <ChartsLegend />
          <ChartsSurface>
            <ChartsGrid horizontal />
            <BarPlot />
            <LinePlot />
            <MarkPlot />
            <ChartsAxisHighlight x="band" />
            <ChartsAxis />
          </ChartsSurface>
          <ChartsTooltip trigger="axis" />
        </ChartsWrapper>
      </ChartsDataProvider>
      <Box component="p" sx={visuallyHidden}>
        {summary}
      </Box>
    </Box>
  );
}
