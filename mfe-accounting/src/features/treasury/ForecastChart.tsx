import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import type { TreasuryData } from '@xaalis/contracts';
import { focusRingWithin, formatDate, formatMoney } from '@xaalis/web-kit';
import { useMemo } from 'react';
import { compactAmount, toAmount, visuallyHidden } from '../dashboard';

export const FORECAST_SERIES_LABEL = 'Solde prévu';

/** 'dd/MM' on the axis ticks, the full fr-FR date in the tooltip. */
function dateLabel(value: string, location: string): string {
  const full = formatDate(value);
  return location === 'tick' ? full.slice(0, 5) : full;
}

/** The day-by-day projected balance over the forecast horizon (30 days). */
export function ForecastChart({ forecast, height = 280 }: { forecast: TreasuryData['forecast']; height?: number }) {
  const theme = useTheme();
  const { dates, balances, min, last } = useMemo(() => {
    const values = forecast.map((f) => toAmount(f.balance));
    let minIndex = 0;
    values.forEach((v, i) => {
      if (v < values[minIndex]) minIndex = i;
    });
    return {
      dates: forecast.map((f) => f.date),
      balances: values,
      min: forecast.length ? { date: forecast[minIndex].date, balance: values[minIndex] } : null,
      last: forecast.length ? { date: forecast[forecast.length - 1].date, balance: values[values.length - 1] } : null,
    };
  }, [forecast]);
  const goesNegative = balances.some((b) => b < 0);

  return (
    <Box
      role="figure"
      aria-label="Graphique des prévisions de trésorerie"
      data-testid="forecast-chart"
      sx={{ width: '100%', ...focusRingWithin }}
    >
      <LineChart
        height={height}
        hideLegend
        margin={{ top: 16, right: 16, bottom: 8, left: 8 }}
        grid={{ horizontal: true }}
        xAxis={[{ id: 'date', scaleType: 'point', data: dates, valueFormatter: (v: string, ctx) => dateLabel(v, ctx.location) }]}
        yAxis={[{ id: 'balance', label: 'XOF', valueFormatter: (v: number) => compactAmount(v), width: 64 }]}
        series={[
          {
            id: 'balance',
            label: FORECAST_SERIES_LABEL,
            data: balances,
            area: true,
            showMark: false,
            curve: 'stepAfter',
            color: theme.palette.primary.main,
            valueFormatter: (v) => (v === null ? null : formatMoney(v)),
          },
        ]}
        sx={{ [`& .${lineClasses.area}`]: { fillOpacity: 0.18 } }}
      >
        {goesNegative ? <ChartsReferenceLine y={0} lineStyle={{ stroke: theme.palette.error.main, strokeDasharray: '4 4' }} /> : null}
      </LineChart>
      {min && last ? (
        <Box component="p" sx={visuallyHidden}>
          {`Solde prévu au ${formatDate(last.date)} : ${formatMoney(last.balance)} ; solde le plus bas ${formatMoney(min.balance)} le ${formatDate(min.date)}.`}
        </Box>
      ) : null}
    </Box>
  );
}
