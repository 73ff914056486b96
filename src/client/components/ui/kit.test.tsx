import { fireEvent, render, screen } from '@testing-library/react';
import {
  Alert,
  BackLink,
  Button,
  Checkbox,
  DataTable,
  DividedList,
  EmptyState,
  FileField,
  FormField,
  Input,
  Pagination,
  pageWindow,
  LinkCard,
  Select,
  SelectField,
  TextField,
} from '@/components/ui';

describe('UI kit', () => {
  it('FormField ties label, control, hint and error together', () => {
    render(
      <FormField label="Email" name="email" error="Email is required" hint="We never share it">
        <Input type="email" />
      </FormField>,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('name', 'email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it Email is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
  });

  it('FormField accepts a render function', () => {
    render(
      <FormField label="Handle" name="handle">
        {(control) => <Input {...control} />}
      </FormField>,
    );
    expect(screen.getByLabelText('Handle')).toHaveAttribute('name', 'handle');
  });

  it('TextField is a labelled input without an error by default', () => {
    render(<TextField label="Name" name="name" defaultValue="Ana" />);
    expect(screen.getByLabelText('Name')).toHaveValue('Ana');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("FileField hands back the chosen file, or null when the choice is cleared, and shows the field's error", () => {
    const onFile = jest.fn();
    render(<FileField label="Signed form" name="file" accept="application/pdf" error="Upload a PDF" onFile={onFile} />);
    const input = screen.getByLabelText('Signed form');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('name', 'file');
    expect(input).toHaveAttribute('accept', 'application/pdf');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const pdf = new File(['%PDF'], 'w9.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(onFile).toHaveBeenLastCalledWith(pdf);
    fireEvent.change(input, { target: { files: [] } });
    expect(onFile).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('alert')).toHaveTextContent('Upload a PDF');
  });

  it("SelectField is a labelled select that reports the chosen value and shows the field's error", () => {
    const onChange = jest.fn();
    render(
      <SelectField
        label="Who can read"
        name="visibility"
        value="public"
        error="Choose who can read"
        onChange={onChange}
        options={[
          { value: 'public', label: 'Anyone' },
          { value: 'private', label: 'Invited people only' },
        ]}
      />,
    );
    const select = screen.getByLabelText('Who can read');
    expect(select).toHaveAttribute('name', 'visibility');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(select, { target: { value: 'private' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Choose who can read');
  });

  it('LinkCard is one link holding the title, badge, description and facts', () => {
    render(
      <ul>
        <LinkCard
          href="/channels/c1"
          title="Bay homes"
          badge={<span>Broadcast</span>}
          description="Weekly tours"
          meta="12 subscribers"
        />
      </ul>,
    );
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', '/channels/c1');
    expect(link).toHaveTextContent('Bay homesBroadcastWeekly tours12 subscribers');
    expect(screen.getByRole('heading', { name: 'Bay homes' })).toBeInTheDocument();
  });

  it('BackLink is one link with an arrow before the place it goes back to', () => {
    render(<BackLink href="/channels">Channels</BackLink>);
    const link = screen.getByRole('link', { name: '← Channels' });
    expect(link).toHaveAttribute('href', '/channels');
  });

  it('Button shows a busy state while loading', () => {
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('Checkbox, Select, Alert and EmptyState render accessibly', () => {
    render(
      <>
        <Checkbox label="Remember me" />
        <Select aria-label="Style" placeholder="Choose…" options={[{ value: 'modern', label: 'Modern' }]} />
        <Alert variant="error" title="Could not save" />
        <EmptyState title="No chats yet" description="Start a conversation from a listing." />
      </>,
    );
    fireEvent.click(screen.getByLabelText('Remember me'));
    expect(screen.getByLabelText('Remember me')).toBeChecked();
    expect(screen.getByRole('option', { name: 'Modern' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
    expect(screen.getByText('No chats yet')).toBeInTheDocument();
  });

  it("Checkbox shows the field's error under the box, announced and tied to it", () => {
    const { rerender } = render(<Checkbox label="I accept the official rules" />);
    const box = screen.getByLabelText('I accept the official rules');
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<Checkbox label="I accept the official rules" error="Accept the official rules to enter." />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Accept the official rules to enter.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAttribute('aria-describedby', alert.id);
  });

  it('pageWindow keeps first, last and neighbours, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
  });

  it('Pagination calls back with the chosen page', () => {
    const onPageChange = jest.fn();
    render(<Pagination currentPage={2} lastPage={4} onPageChange={onPageChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onPageChange.mock.calls).toEqual([[3], [4]]);
    expect(screen.getByText('2')).toHaveAttribute('aria-current', 'page');
  });

  it('Pagination reads a paged answer with of=, and shows nothing for one page', () => {
    const { container, rerender } = render(
      <Pagination of={{ current_page: 1, last_page: 1 }} onPageChange={jest.fn()} />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(<Pagination of={{ current_page: 3, last_page: 5 }} onPageChange={jest.fn()} />);
    expect(screen.getByText('3')).toHaveAttribute('aria-current', 'page');
  });

  it('Pagination open-ended (a capped total): no last page, Next goes on past the counted pages', () => {
    const onPageChange = jest.fn();
    render(<Pagination currentPage={400} lastPage={400} openEnded onPageChange={onPageChange} />);
    expect(screen.queryByRole('button', { name: 'Page 400' })).toBeNull();
    expect(screen.getByText('400')).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 401' }));
    expect(onPageChange.mock.calls).toEqual([[401], [401]]);
    expect(screen.getAllByText('…')).toHaveLength(2);
  });

  it('DataTable renders a header row and a row per item, numbers right-aligned', () => {
    render(
      <DataTable
        rows={[{ id: 'a', name: 'Ann', calls: 3 }]}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Name', cell: (r) => r.name },
          { header: 'Calls', cell: (r) => r.calls, numeric: true },
        ]}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Calls']);
    expect(screen.getByRole('cell', { name: '3' })).toHaveClass('text-right');
  });

  it('DividedList renders a divided list of the items, or the empty state when there are none', () => {
    const { rerender } = render(
      <DividedList items={['a', 'b']} empty={<EmptyState title="Nothing yet" />} aria-label="Letters">
        {(x, i) => <li key={i}>{`${i}:${x}`}</li>}
      </DividedList>,
    );
    const list = screen.getByRole('list', { name: 'Letters' });
    expect(list).toHaveClass('divide-y', 'divide-line');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['0:a', '1:b']);
    rerender(
      <DividedList items={[]} empty={<EmptyState title="Nothing yet" />} aria-label="Letters">
        {(x: string) => <li key={x}>{x}</li>}
      </DividedList>,
    );
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
  });

  it("EmptyState inset keeps a padless card's padding around the dashed box", () => {
    const { rerender } = render(<EmptyState title="No batches yet" />);
    const box = screen.getByRole('heading', { name: 'No batches yet' }).parentElement!;
    expect(box).toHaveClass('border-dashed');
    expect(box.parentElement).not.toHaveClass('p-5');
    rerender(<EmptyState inset title="No batches yet" />);
    const inset = screen.getByRole('heading', { name: 'No batches yet' }).parentElement!;
    expect(inset).toHaveClass('border-dashed');
    expect(inset.parentElement).toHaveClass('p-5');
  });
});
