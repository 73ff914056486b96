import { act, fireEvent, render, screen } from '@testing-library/react';
import { KeysetFooter } from '@/components/community';
import { useKeysetList } from '@/hooks/useKeysetList';

type Item = { id: string };

function Feed({
  first,
  load,
}: {
  first: { data: Item[]; next_cursor: string | null };
  load: () => Promise<typeof first>;
}) {
  const list = useKeysetList(first, load, 'Could not load older posts');
  return (
    <>
      <ul>
        {list.items.map((i) => (
          <li key={i.id}>{i.id}</li>
        ))}
      </ul>
      <KeysetFooter list={list} empty="No posts yet." older="Older posts" />
    </>
  );
}

describe('KeysetFooter', () => {
  it('says the list is empty and offers no button when there is nothing older', () => {
    render(<Feed first={{ data: [], next_cursor: null }} load={() => Promise.reject(new Error('not called'))} />);
    expect(screen.getByText('No posts yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('loads the older page and hides the button once the cursor runs out', async () => {
    const load = jest.fn(() => Promise.resolve({ data: [{ id: 'b' }], next_cursor: null }));
    render(<Feed first={{ data: [{ id: 'a' }], next_cursor: 'c1' }} load={load} />);
    expect(screen.queryByText('No posts yet.')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Older posts' }));
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b']);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
