import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { act, render, screen } from '@testing-library/react';
import { TableContainer } from './TableContainer';

/** jsdom lays nothing out: the frame's sizes and its ResizeObserver are the test's. */
let size = { scrollWidth: 0, clientWidth: 0 };
const observers: (() => void)[] = [];
const jsdomResizeObserver = (globalThis as { ResizeObserver?: unknown }).ResizeObserver;

beforeAll(() => {
  for (const key of ['scrollWidth', 'clientWidth'] as const) {
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => size[key] });
  }
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    constructor(private readonly callback: () => void) {
      observers.push(() => this.callback());
    }
    observe() {}
    disconnect() {}
  };
});

afterAll(() => {
  // jsdom's own getters (on Element.prototype) show through again.
  const prototype = HTMLElement.prototype as unknown as { scrollWidth?: number; clientWidth?: number };
  delete prototype.scrollWidth;
  delete prototype.clientWidth;
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = jsdomResizeObserver;
});

function renderTable() {
  return render(
    <TableContainer label="Écritures">
      <Table aria-label="Écritures">
        <TableBody>
          <TableRow>
            <TableCell>VT-2026-00001</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>,
  );
}

describe('TableContainer', () => {
  it('joins the Tab order as a named region while its table overflows, and leaves it when it fits', () => {
    size = { scrollWidth: 900, clientWidth: 390 };
    renderTable();
    const region = screen.getByRole('region', { name: 'Écritures' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(screen.getByRole('table', { name: 'Écritures' }));

    size = { scrollWidth: 1200, clientWidth: 1200 };
    act(() => observers.forEach((o) => o()));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByRole('table').parentElement).not.toHaveAttribute('tabindex');
  });

  it('adds no stop to a table that fits', () => {
    size = { scrollWidth: 600, clientWidth: 600 };
    renderTable();
    expect(screen.getByRole('table').parentElement).not.toHaveAttribute('tabindex');
  });
});
