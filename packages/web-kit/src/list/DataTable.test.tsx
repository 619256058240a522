import { fireEvent, render, screen, within } from '@testing-library/react';
import { DataTable, moneyColumn, type Column } from './DataTable';

interface Item {
  id: string;
  name: string;
  price: string;
  kind: string;
}

const ITEMS: Item[] = [
  { id: '1', name: 'Riz', price: '15000', kind: 'A' },
  { id: '2', name: 'Huile', price: '2500', kind: 'B' },
];
const COLUMNS: Column<Item>[] = [{ header: 'Article', cell: (i) => i.name, sx: { fontWeight: 500 } }, moneyColumn('Prix', (i) => i.price)];

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('DataTable', () => {
  it('renders a named table: headers, one row per item in order, amounts in XOF aligned right', () => {
    render(<DataTable label="Articles" columns={COLUMNS} rows={ITEMS} rowKey={(i) => i.id} />);
    const table = screen.getByRole('table', { name: 'Articles' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Article', 'Prix']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['Riz', '15 000 XOF'],
      ['Huile', '2 500 XOF'],
    ]);
    expect(within(rows[0]).getAllByRole('cell')[1]).toHaveClass('MuiTableCell-alignRight');
  });

  it('adds an Actions column with each row’s buttons', () => {
    const open = jest.fn();
    render(
      <DataTable
        label="Articles"
        columns={COLUMNS}
        rows={ITEMS}
        rowKey={(i) => i.id}
        actions={(i) => <button type="button" onClick={() => open(i.id)}>{`Modifier ${i.name}`}</button>}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Article', 'Prix', 'Actions']);
    fireEvent.click(screen.getByRole('button', { name: 'Modifier Huile' }));
    expect(open).toHaveBeenCalledWith('2');
  });

  it('fades the rows while a refresh is under way', () => {
    const { rerender } = render(<DataTable label="Articles" columns={COLUMNS} rows={ITEMS} rowKey={(i) => i.id} fetching />);
    const body = screen.getAllByRole('rowgroup')[1];
    expect(body).toHaveStyle({ opacity: '0.6' });
    rerender(<DataTable label="Articles" columns={COLUMNS} rows={ITEMS} rowKey={(i) => i.id} fetching={false} />);
    expect(body).toHaveStyle({ opacity: '1' });
  });

  it('groups rows under heading rows spanning the table', () => {
    render(
      <DataTable
        label="Articles"
        columns={COLUMNS}
        groups={[
          { key: 'A', label: 'Groupe A (1)', rows: [ITEMS[0]] },
          { key: 'B', label: 'Groupe B (1)', rows: [ITEMS[1]] },
        ]}
        rowKey={(i) => i.id}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Groupe A (1)', 'Riz15 000 XOF', 'Groupe B (1)', 'Huile2 500 XOF']);
    expect(within(rows[0]).getByRole('columnheader')).toHaveAttribute('colspan', '2');
  });

  it('takes a cell style from the row', () => {
    render(
      <DataTable
        label="Articles"
        columns={[{ header: 'Article', cell: (i: Item) => i.name, rowSx: (i: Item) => ({ pl: i.kind === 'A' ? 1 : 3 }) }]}
        rows={ITEMS}
        rowKey={(i) => i.id}
      />,
    );
    expect(screen.getByRole('cell', { name: 'Riz' })).toHaveStyle({ paddingLeft: '8px' });
    expect(screen.getByRole('cell', { name: 'Huile' })).toHaveStyle({ paddingLeft: '24px' });
  });

  it('names rows and makes a column their header when asked', () => {
    render(
      <DataTable
        label="Articles"
        columns={[{ ...COLUMNS[0], rowHeader: true }, COLUMNS[1]]}
        rows={ITEMS}
        rowKey={(i) => i.id}
        rowLabel={(i) => i.name}
      />,
    );
    const row = screen.getByRole('row', { name: 'Huile' });
    expect(within(row).getByRole('rowheader', { name: 'Huile' })).toBeInTheDocument();
  });
});
