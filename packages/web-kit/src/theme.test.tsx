import Chip from '@mui/material/Chip';
import { getContrastRatio, ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { PALETTE, theme } from './theme';

/** The colours a status badge (Chip), a figure or a toast is drawn in. */
const COLOURS = ['primary', 'secondary', 'error', 'success', 'warning', 'info'] as const;
const AA = 4.5;

describe('theme colours keep WCAG AA contrast (4.5:1)', () => {
  it.each(COLOURS)('a filled %s badge: its text on its colour', (colour) => {
    const { main, contrastText } = theme.palette[colour];
    expect(getContrastRatio(contrastText, main)).toBeGreaterThanOrEqual(AA);
  });

  it.each(COLOURS)('an outlined %s badge or a %s text: on white and on the page background', (colour) => {
    // The amber is a fill; written, it is its dark shade (the MuiChip override below).
    const text = colour === 'secondary' ? theme.palette.secondary.dark : theme.palette[colour].main;
    expect(getContrastRatio(text, theme.palette.background.paper)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(text, theme.palette.background.default)).toBeGreaterThanOrEqual(AA);
  });

  it('toasts: white text on the success, error, warning and info colours', () => {
    for (const colour of ['success', 'error', 'warning', 'info'] as const) {
      expect({ colour, ok: getContrastRatio('#ffffff', PALETTE[colour].main) >= AA }).toEqual({ colour, ok: true });
    }
  });

  it("writes an outlined secondary badge's label in the amber's dark shade", () => {
    render(
      <ThemeProvider theme={theme}>
        <Chip variant="outlined" color="secondary" label="Achat" />
        <Chip variant="outlined" color="warning" label="En retard" />
      </ThemeProvider>,
    );
    const colour = (label: string) => getComputedStyle(screen.getByText(label).closest('.MuiChip-root')!).color;
    expect(colour('Achat')).toBe('rgb(143, 97, 32)'); // #8f6120
    expect(colour('En retard')).toBe('rgb(178, 74, 0)'); // #b24a00
  });
});
