import { fireEvent, render, screen } from '@testing-library/react';
import type { SweepstakesPublic } from '@contracts/sweepstakes';
import { canonicalEntrantList, entrantListHash, seedCommitment, verifyDraw } from '@/api/sweepstakes';
import SweepstakesVerify from './Verify';

// Shared props (auth, csrf...) play no part in this page.
const VerifyPage = SweepstakesVerify as unknown as (props: { sweepstakes: SweepstakesPublic }) => React.ReactElement;

jest.mock('@inertiajs/react', () => ({
  ...jest.requireActual('@inertiajs/react'),
  Head: () => null,
  Link: ({ children, href }: { children: React.ReactNode; href: string }) => <a href={href}>{children}</a>,
}));

const text = canonicalEntrantList([
  { ref: 'a1', entries: 3 },
  { ref: 'b2', entries: 1 },
  { ref: 'c3', entries: 7 },
  { ref: 'd4', entries: 2 },
]);
const seed = '7f'.repeat(32);
const hash = entrantListHash(text);

function published(refs: string[]): SweepstakesPublic {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Giveaway',
    draw: {
      algorithm: 'reelty-draw-v1',
      entrants_hash: hash,
      seed_commitment: seedCommitment(seed),
      seed,
      beacon: 'b',
      entrant_count: 4,
      entry_count: 13,
      frozen_at: null,
      drawn_at: null,
      picks_requested: 3,
      excluded: [{ reason: 'NO_FREE_ENTRY', label: 'Bonus entries only, no free entry', people: 2 }],
      excluded_summary: '2 excluded before the draw (2 bonus entries only, no free entry)',
      picks: refs.map((ref, i) => ({ rank: i + 1, ref, entries: 1, disqualified: null })),
    },
  } as unknown as SweepstakesPublic;
}

const fetchText = (body: string) => {
  global.fetch = jest.fn(
    async () =>
      ({
        ok: true,
        status: 200,
        statusText: '',
        headers: new Headers({ 'content-type': 'text/plain' }),
        text: async () => body,
      }) as Response,
  ) as unknown as typeof fetch;
};

describe('Sweepstakes/Verify', () => {
  it('recomputes the draw in the browser and confirms published picks that match', async () => {
    const truth = verifyDraw({
      entrantListText: text,
      entrantsHash: hash,
      seedHex: seed,
      commitment: seedCommitment(seed),
      beacon: 'b',
      picks: 3,
    });
    fetchText(text);
    render(<VerifyPage sweepstakes={published(truth.picks.map((p) => p.ref))} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    expect(await screen.findByText(/Verified: the published winners/)).toBeInTheDocument();
  });

  it('states how many people the freeze left out and why, and the exact algorithm with its worked example', () => {
    fetchText(text);
    render(<VerifyPage sweepstakes={published(['a1'])} />);
    expect(screen.getByText('2 excluded before the draw (2 bonus entries only, no free entry)')).toBeInTheDocument();
    expect(screen.getByText(/Each number is its own Generate call for 6 bytes/)).toBeInTheDocument();
    expect(screen.getByText(/Picks: c3, b2, a1\./)).toBeInTheDocument();
  });

  it('reports a mismatch when the downloaded list was changed', async () => {
    fetchText(text.replace('b2,1', 'b2,2'));
    render(<VerifyPage sweepstakes={published(['a1', 'b2', 'c3'])} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    expect(await screen.findByText('Mismatch')).toBeInTheDocument();
    expect(screen.getByText('List hash matches: no')).toBeInTheDocument();
  });
});
