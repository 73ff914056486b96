import { centerForAddress, DEFAULT_CENTER, DEFAULT_RADIUS_MILES, marketQuery, pointFromFields, wrapLng } from './rules';

describe('market rules (spec 9)', () => {
  it('defaults the radius to 2 miles', () => {
    expect(DEFAULT_RADIUS_MILES).toBe(2);
    expect(marketQuery({ q: 'Austin' }).radius).toBe(2);
    expect(marketQuery({ q: 'Austin', radius: '' }).radius).toBe(2);
    expect(marketQuery({ q: 'Austin', radius: 25 }).radius).toBe(25);
  });

  it('resets the centre to latitude 20, longitude 0 when the address is cleared', () => {
    expect(DEFAULT_CENTER).toEqual({ lat: 20, lng: 0 });
    expect(centerForAddress('', { lat: 30.2, lng: -97.7 })).toEqual({ lat: 20, lng: 0 });
    expect(centerForAddress('   ', { lat: 30.2, lng: -97.7 })).toEqual({ lat: 20, lng: 0 });
    expect(centerForAddress('Austin', { lat: 30.2, lng: -97.7 })).toEqual({ lat: 30.2, lng: -97.7 });
  });

  it('places a pin from typed coordinates only once both are a point on Earth', () => {
    expect(pointFromFields('30.2672', '-97.7431')).toEqual({ lat: 30.2672, lng: -97.7431 });
    expect(pointFromFields(-33.86, 151.2)).toEqual({ lat: -33.86, lng: 151.2 });
    expect(pointFromFields('30.2672', '-')).toBeNull();
    expect(pointFromFields('-', '-97.7')).toBeNull();
    expect(pointFromFields('abc', '1')).toBeNull();
    expect(pointFromFields('', '1')).toBeNull();
    expect(pointFromFields('91', '0')).toBeNull();
    expect(pointFromFields('0', '180.5')).toBeNull();
  });

  it('trims the text and leaves out empty and "all" filters', () => {
    expect(
      marketQuery({
        q: '  Paris ',
        type: '',
        sector: 'all',
        status: 'for_sale',
        min_price: ' ',
        lat: 48.85661234567,
        lng: 2.3522,
      }),
    ).toEqual({
      q: 'Paris',
      lat: 48.856612,
      lng: 2.3522,
      radius: 2,
      status: 'for_sale',
    });
  });

  it('wraps longitudes across the antimeridian', () => {
    expect(wrapLng(190)).toBe(-170);
    expect(wrapLng(-181)).toBe(179);
    expect(wrapLng(45)).toBe(45);
  });
});
