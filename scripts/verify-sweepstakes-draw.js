#!/usr/bin/env node
// Recomputes a sweepstakes draw offline from its published inputs, with the same code the server ran
// (src/modules/sweepstakes/draw/fair-draw.ts), and says whether the published winners are what the inputs give.
//
//   node scripts/verify-sweepstakes-draw.js entrants.txt --published sweepstakes.json
//   node scripts/verify-sweepstakes-draw.js entrants.txt --published http://localhost:3000/api/sweepstakes/<id>
//   node scripts/verify-sweepstakes-draw.js entrants.txt --hash <hex> --seed <hex> --commitment <hex> --picks 5 [--beacon text]
//
// entrants.txt is the list downloaded from /api/sweepstakes/<id>/entrants.txt; sweepstakes.json is the answer of
// GET /api/sweepstakes/<id> (its `draw` block holds the hash, commitment, revealed seed, beacon and picks).
// Exit code 0 when everything matches, 1 on any mismatch, 2 on bad usage.
require('../bench/support/ts-register');
const fs = require('node:fs');
const { verifyDraw, DRAW_ALGORITHM } = require('../src/modules/sweepstakes/draw/fair-draw.ts');

function parseArgs(argv) {
  const args = { _: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--')) args[argv[i].slice(2)] = argv[++i];
    else args._.push(argv[i]);
  }
  return args;
}

async function published(args) {
  if (!args.published) {
    return {
      entrants_hash: args.hash,
      seed: args.seed,
      seed_commitment: args.commitment,
      beacon: args.beacon ?? null,
      picks_requested: Number(args.picks),
      picks: args.expect ? args.expect.split(',').map((ref, i) => ({ rank: i + 1, ref })) : null,
    };
  }
  const source = args.published;
  const text = /^https?:/.test(source)
    ? await (await fetch(source, { headers: { Accept: 'application/json' } })).text()
    : fs.readFileSync(source, 'utf8');
  const body = JSON.parse(text);
  return (body.sweepstakes ?? body).draw;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const listFile = args._[0];
  if (!listFile) {
    console.error(
      'usage: verify-sweepstakes-draw.js entrants.txt (--published file|url | --hash --seed --commitment --picks)',
    );
    process.exit(2);
  }
  const draw = await published(args);
  if (!draw.seed || !draw.entrants_hash || !draw.seed_commitment || !(draw.picks_requested > 0)) {
    console.error('The published inputs are incomplete (is the draw done? the seed is revealed only after it).');
    process.exit(2);
  }
  const report = verifyDraw({
    entrantListText: fs.readFileSync(listFile, 'utf8'),
    entrantsHash: draw.entrants_hash,
    seedHex: draw.seed,
    commitment: draw.seed_commitment,
    beacon: draw.beacon ?? null,
    picks: draw.picks_requested,
  });
  const picksMatch = !draw.picks || report.picks.map((p) => p.ref).join() === draw.picks.map((p) => p.ref).join();
  console.log(`algorithm            ${DRAW_ALGORITHM}`);
  console.log(`entrant list hash    ${report.entrantsHash} ${report.hashMatches ? 'matches' : 'DOES NOT MATCH'}`);
  console.log(`seed vs commitment   ${report.commitmentMatches ? 'matches' : 'DOES NOT MATCH'}`);
  console.log('recomputed picks (winners first, then alternates):');
  for (const p of report.picks) console.log(`  #${p.rank}  ${p.ref}  (${p.entries} entries)`);
  if (draw.picks) console.log(`published picks      ${picksMatch ? 'identical' : 'DIFFERENT'}`);
  process.exit(report.hashMatches && report.commitmentMatches && picksMatch ? 0 : 1);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(2);
});
