import { boundsRing, parseVertices, pointInRing, PolygonError, ringBoxes, ringSql, toRing } from './polygon';

describe('drawn-area point test', () => {
  const square = toRing([
    { lat: 0, lng: 0 },
    { lat: 0, lng: 10 },
    { lat: 10, lng: 10 },
    { lat: 10, lng: 0 },
  ]);

  it('counts the inside, the edges and the corners in, and the outside out', () => {
    expect(pointInRing(square, 5, 5)).toBe(true);
    expect(pointInRing(square, 0, 5)).toBe(true); // bottom edge
    expect(pointInRing(square, 5, 10)).toBe(true); // right edge
    expect(pointInRing(square, 10, 10)).toBe(true); // corner
    expect(pointInRing(square, 0, 0)).toBe(true); // first corner
    expect(pointInRing(square, 10.000001, 5)).toBe(false);
    expect(pointInRing(square, 5, -0.000001)).toBe(false);
    expect(pointInRing(square, 5, 10.000001)).toBe(false);
    expect(pointInRing(square, -5, -5)).toBe(false);
  });

  it('follows a slanted edge exactly and a concave notch', () => {
    const notch = toRing([
      { lat: 0, lng: 0 },
      { lat: 0, lng: 10 },
      { lat: 10, lng: 10 },
      { lat: 5, lng: 5 },
      { lat: 10, lng: 0 },
    ]);
    expect(pointInRing(notch, 7.5, 7.5)).toBe(true); // on the slanted edge (10,10)->(5,5)
    expect(pointInRing(notch, 8, 5)).toBe(false); // in the notch
    expect(pointInRing(notch, 4, 5)).toBe(true);
    expect(pointInRing(notch, 5, 5)).toBe(true); // the notch's corner
  });

  it('takes the short way across the antimeridian', () => {
    const fiji = toRing([
      { lat: -20, lng: 175 },
      { lat: -20, lng: -175 },
      { lat: -15, lng: -175 },
      { lat: -15, lng: 175 },
    ]);
    expect(fiji.west).toBe(175);
    expect(fiji.east).toBe(185);
    expect(pointInRing(fiji, -17, 179.9)).toBe(true);
    expect(pointInRing(fiji, -17, -179.9)).toBe(true);
    expect(pointInRing(fiji, -17, 180)).toBe(true);
    expect(pointInRing(fiji, -17, -180)).toBe(true);
    expect(pointInRing(fiji, -17, -175)).toBe(true); // the east edge
    expect(pointInRing(fiji, -17, -174.99)).toBe(false);
    expect(pointInRing(fiji, -17, 174.99)).toBe(false);
    expect(pointInRing(fiji, -17, 0)).toBe(false);
    expect(ringBoxes(fiji)).toEqual([
      { west: 175, south: -20, east: 180, north: -15 },
      { west: -180, south: -20, east: -175, north: -15 },
    ]);
  });

  it('draws the same area whichever side of the antimeridian the first corner is on', () => {
    const fromEast = toRing([
      { lat: -20, lng: -175 },
      { lat: -15, lng: -175 },
      { lat: -15, lng: 175 },
      { lat: -20, lng: 175 },
    ]);
    expect(fromEast.west).toBe(175);
    expect(pointInRing(fromEast, -17, 179.5)).toBe(true);
    expect(pointInRing(fromEast, -17, -179.5)).toBe(true);
    expect(pointInRing(fromEast, -17, 170)).toBe(false);
  });

  it('turns a map view across the antimeridian into one area', () => {
    const view = boundsRing(-20, 170, -10, -170);
    expect(pointInRing(view, -15, 179)).toBe(true);
    expect(pointInRing(view, -15, -171)).toBe(true);
    expect(pointInRing(view, -15, -170)).toBe(true);
    expect(pointInRing(view, -15, 0)).toBe(false);
    expect(ringSql(view)).toBe('((170,-20),(190,-20),(190,-10),(170,-10))');
  });

  it('refuses too few corners, a closing repeat only, and out-of-range values', () => {
    expect(() =>
      toRing([
        { lat: 0, lng: 0 },
        { lat: 1, lng: 1 },
      ]),
    ).toThrow(PolygonError);
    expect(() =>
      toRing([
        { lat: 0, lng: 0 },
        { lat: 1, lng: 1 },
        { lat: 0, lng: 0 },
      ]),
    ).toThrow(PolygonError);
    expect(() =>
      toRing([
        { lat: 0, lng: 0 },
        { lat: 91, lng: 1 },
        { lat: 0, lng: 2 },
      ]),
    ).toThrow(PolygonError);
    expect(() =>
      toRing([
        { lat: 0, lng: 0 },
        { lat: 0, lng: 0 },
        { lat: 0, lng: 0 },
      ]),
    ).toThrow(PolygonError);
  });

  it('parses the query form', () => {
    expect(parseVertices('1,2; 3,4;5,6;')).toEqual([
      { lat: 1, lng: 2 },
      { lat: 3, lng: 4 },
      { lat: 5, lng: 6 },
    ]);
  });
});
