import { areaContains, areaSearch, checkArea } from './farm-area';

const square: Array<[number, number]> = [
  [37.755, -122.425],
  [37.755, -122.415],
  [37.765, -122.415],
  [37.765, -122.425],
];
const status = (f: () => unknown) => {
  try {
    f();
    return 200;
  } catch (e) {
    return (e as { getStatus(): number }).getStatus();
  }
};

describe('farm areas', () => {
  it('keeps a simple polygon or a complete circle; refuses crossing edges, no size, off-globe corners', () => {
    expect(checkArea({ kind: 'polygon', points: square })).toEqual({ kind: 'polygon', points: square });
    expect(checkArea({ kind: 'radius', lat: 1, lng: 2, radius_m: 500 })).toEqual({
      kind: 'radius',
      lat: 1,
      lng: 2,
      radius_m: 500,
    });
    expect(status(() => checkArea({ kind: 'polygon', points: [square[0], square[2], square[1], square[3]] }))).toBe(
      422,
    );
    expect(
      status(() =>
        checkArea({
          kind: 'polygon',
          points: [
            [0, 0],
            [1, 1],
            [2, 2],
          ],
        }),
      ),
    ).toBe(422);
    expect(status(() => checkArea({ kind: 'polygon', points: [...square.slice(0, 3), [91, 0]] }))).toBe(422);
    expect(status(() => checkArea({ kind: 'radius', lat: 1, radius_m: 5 }))).toBe(422);
  });

  it('tells inside from outside for a polygon (edges included) and a circle in metres', () => {
    const inPolygon = areaContains({ kind: 'polygon', points: square });
    expect([inPolygon(37.76, -122.42), inPolygon(37.755, -122.42), inPolygon(37.78, -122.41)]).toEqual([
      true,
      true,
      false,
    ]);
    const inCircle = areaContains({ kind: 'radius', lat: 37.76, lng: -122.42, radius_m: 1000 });
    // 0.008 degrees of latitude is about 890 m; 0.01 about 1,112 m.
    expect([inCircle(37.768, -122.42), inCircle(37.77, -122.42)]).toEqual([true, false]);
    expect(areaSearch({ kind: 'radius', lat: 1, lng: 2, radius_m: 1609.344 })).toEqual({ lat: 1, lng: 2, radius: 1 });
    expect(areaSearch({ kind: 'polygon', points: square })).toEqual({
      polygon: '37.755,-122.425;37.755,-122.415;37.765,-122.415;37.765,-122.425',
    });
  });
});
