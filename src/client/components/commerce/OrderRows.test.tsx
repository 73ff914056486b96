import { render, screen } from '@testing-library/react';
import { EmptyState } from '@/components/ui';
import { OrderRows } from './OrderRows';

jest.mock('@inertiajs/react', () => require('@/test-utils').inertiaOnPage('/vault'));

const page = <T,>(data: T[], last_page = 1) => ({ data, current_page: 1, last_page, per_page: 20, total: data.length });

describe('OrderRows', () => {
  it('shows a row per item with its title, detail and action, and the pager', () => {
    render(
      <OrderRows
        page={page([{ id: 'a', name: 'Guide' }], 2)}
        hrefFor={(p) => `/vault?page=${p}`}
        empty={<EmptyState title="Empty" />}
        rowTestId="row"
        row={(i) => ({ title: i.name, detail: 'Bought today', action: <button type="button">Get</button> })}
      />,
    );
    const row = screen.getByTestId('row');
    expect(row).toHaveTextContent('GuideBought todayGet');
    expect(screen.getByText('Bought today')).toHaveClass('text-xs');
    expect(screen.queryByText('Empty')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });

  it('shows the empty state when the page has no items', () => {
    render(
      <OrderRows
        page={page<{ id: string }>([])}
        hrefFor={(p) => `/vault?page=${p}`}
        empty={<EmptyState title="Empty" />}
        row={() => ({ title: '', detail: '' })}
      />,
    );
    expect(screen.getByText('Empty')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
