import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { PieChart } from '@mui/x-charts/PieChart';
import type { RevenueBreakdownData } from '@xaalis/contracts';
import { focusRingWithin, formatMoney } from '@xaalis/web-kit';
import { useMemo } from 'react';
import { toAmount } from './figures';

/** Pie of the revenue by item (accounts 70x: goods, services...), with a legend listing amounts and shares. */
export function RevenueChart({ data, height = 240 }: { data: RevenueBreakdownData; height?: number }) {
  const theme = useTheme();
  // Each slice at least 3:1 against the white around it (WCAG 1.4.11): the amber as its dark shade.
  const palette = useMemo(
    () => [
      theme.palette.primary.main,
      theme.palette.secondary.dark,
      '#1e88e5',
      '#8e24aa',
      '#00897b',
      '#6d4c41',
      '#546e7a',
      theme.palette.primary.light,
    ],
    [theme],
  );
  const total = toAmount(data.total);
  const items = useMemo(
    () =>
      data.items
        .map((item, i) => ({ ...item, value: Math.max(0, toAmount(item.amount)), color: palette[i % palette.length] }))
        .filter((item) => item.value > 0),
    [data.items, palette],
  );
  const share = (value: number) =>
    total > 0 ? `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format((value / total) * 100)} %` : '';

  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: 'center', gap: 2 }}>
      <Box
        role="figure"
        aria-label="Graphique de la répartition du chiffre d'affaires"
        data-testid="revenue-chart"
        sx={{ width: { xs: '100%', sm: '55%' }, minWidth: 0, ...focusRingWithin }}
      >
        <PieChart
          height={height}
          hideLegend
          margin={8}
          series={[
            {
              id: 'revenue',
              data: items.map((item) => ({ id: item.key, value: item.value, label: item.label, color: item.color })),
              innerRadius: '45%',
              paddingAngle: 1,
              cornerRadius: 4,
              highlightScope: { fade: 'global', highlight: 'item' },
              valueFormatter: (v) => formatMoney(v.value),
            },
          ]}
        />
      </Box>
      <Box component="ul" aria-label="Répartition du chiffre d'affaires" sx={{ listStyle: 'none', p: 0, m: 0, flex: 1, width: '100%' }}>
        {items.map((item) => (
          <Box
            component="li"
            key={item.key}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, borderBottom: 1, borderColor: 'divider' }}
          >
            <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: item.color, flexShrink: 0 }} />
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
              {item.label}
            </Typography>
            <Box sx={{ textAlign: 'right' }}>
              <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {formatMoney(item.value)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {share(item.value)}
              </Typography>
            </Box>
          </Box>
        ))}
        <Box component="li" sx={{ display: 'flex', justifyContent: 'space-between', pt: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            Total
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
            {formatMoney(total)}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
