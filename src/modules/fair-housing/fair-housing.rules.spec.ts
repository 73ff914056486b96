import { fairHousingWarnings } from './fair-housing.rules';

describe('fair-housing phrase warnings', () => {
  it('flags phrases about who may live there, in order, and leaves descriptions of the home alone', () => {
    const w = fairHousingWarnings('Perfect for a couple! Adults only. Quiet, safe neighborhood. No kids, sorry.');
    expect(w.map((x) => x.phrase)).toEqual(['Perfect for a couple', 'Adults only', 'safe neighborhood', 'No kids']);
    expect(w[1].reason).toBe('excludes families with children');
    expect(fairHousingWarnings('Three bedrooms, walk-in closet, family room, near the park and two schools.')).toEqual(
      [],
    );
  });
});
