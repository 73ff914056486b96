#!/usr/bin/env node
// Teams benchmark: a team with 1,000 members and 100,000 team properties (plus 50,000 in other teams) in a
// dedicated database. The realtor dashboard API with scope=team (the team's list) against the same API with
// scope=mine (a personal dashboard of 2,000 properties), same run, same server: latency percentiles, throughput,
// server memory, and EXPLAIN ANALYZE of the team page and counts queries. Under 2 minutes.
//
//   node bench/teams/run.js       (BENCH_POSTGRES_URL, BENCH_REDIS_URL, SECONDS, CONNECTIONS override; KEEP_DB=1)
require('../support/ts-register');
const bench = require('../support/common');

const SECONDS = Number(process.env.SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const MEMBERS = 1000;
const TEAM_ROWS = 100_000;
const OTHER_ROWS = 50_000;
const PERSONAL_ROWS = 2_000;
const DB = 'reelty_bench_teams';

async function main() {
  const t0 = Date.now();
  const { url, db } = await bench.freshClient(DB);
  const hash = await bench.benchPasswordHash();
  console.log('seeding…');
  // The owner (who signs in), 999 more members, 50 outsiders owning the other teams' rows.
  await db.query(
    `INSERT INTO users (name, email, handle, password_hash, email_verified_at, type)
     SELECT 'Member ' || g, 'm' || g || '@bench.test', 'm' || g, $1, now(), 'realtor' FROM generate_series(1, $2) g`,
    [hash, MEMBERS + 50],
  );
  await db.query(`
    INSERT INTO teams (name, handle, type, personal, owner_id)
    SELECT 'Personal ' || u.handle, 'p_' || u.handle, 'team', true, u.id FROM users u`);
  await db.query(`INSERT INTO team_members (team_id, user_id, role) SELECT id, owner_id, 'owner' FROM teams`);
  const [owner] = (await db.query(`SELECT id FROM users WHERE handle = 'm1'`)).rows;
  const [team] = (
    await db.query(
      `INSERT INTO teams (name, handle, type, owner_id) VALUES ('Big Brokerage', 'big_brokerage', 'brokerage', $1) RETURNING id`,
      [owner.id],
    )
  ).rows;
  await db.query(
    `INSERT INTO team_members (team_id, user_id, role)
     SELECT $1, id, CASE WHEN handle = 'm1' THEN 'owner' ELSE 'agent' END
       FROM users WHERE handle ~ '^m[0-9]+$' AND substring(handle from 2)::int <= $2`,
    [team.id, MEMBERS],
  );
  await db.query(`INSERT INTO current_teams (user_id, team_id) VALUES ($1, $2)`, [owner.id, team.id]);
  const insertProperties = (count, authorSql, teamSql) =>
    db.query(
      `INSERT INTO properties (user_id, team_id, slug, name, price, city, publish, archived_at, created_at, updated_at)
       SELECT ${authorSql}, ${teamSql}, 'bench-' || md5(random()::text || g), 'Home ' || g,
              (100000 + (g * 7919) % 900000)::numeric, 'City ' || (g % 50),
              g % 10 < 7, CASE WHEN g % 10 = 9 THEN now() ELSE NULL END,
              now() - (g || ' minutes')::interval, now()
         FROM generate_series(1, ${count}) g`,
    );
  // Bulk load without the per-row counter trigger; the counts are then built once, as the migration does.
  await db.query(`ALTER TABLE properties DISABLE TRIGGER properties_team_counts`);
  // Team rows: authored by the 1,000 members round-robin.
  await db.query(
    `CREATE TEMP TABLE members AS SELECT row_number() OVER (ORDER BY user_id) - 1 AS n, user_id
                    FROM team_members WHERE team_id = $1`,
    [team.id],
  );
  await insertProperties(TEAM_ROWS, `(SELECT user_id FROM members WHERE n = g % ${MEMBERS})`, `'${team.id}'::uuid`);
  // The owner's personal dashboard (baseline): 2,000 in the personal team.
  await insertProperties(
    PERSONAL_ROWS,
    `'${owner.id}'::uuid`,
    `(SELECT id FROM teams WHERE owner_id = '${owner.id}' AND personal)`,
  );
  // Other teams' rows (noise the team filter must skip).
  await insertProperties(
    OTHER_ROWS,
    `(SELECT id FROM users WHERE handle = 'm' || (${MEMBERS} + 1 + g % 50))`,
    `(SELECT t.id FROM teams t JOIN users u ON u.id = t.owner_id WHERE u.handle = 'm' || (${MEMBERS} + 1 + g % 50))`,
  );
  await db.query(`ALTER TABLE properties ENABLE TRIGGER properties_team_counts`);
  await db.query(`
    INSERT INTO team_property_counts (team_id, draft, published, archived)
    SELECT team_id, count(*) FILTER (WHERE archived_at IS NULL AND NOT publish),
           count(*) FILTER (WHERE archived_at IS NULL AND publish), count(*) FILTER (WHERE archived_at IS NOT NULL)
      FROM properties WHERE team_id IS NOT NULL GROUP BY team_id
    ON CONFLICT (team_id) DO UPDATE SET draft = EXCLUDED.draft, published = EXCLUDED.published,
      archived = EXCLUDED.archived`);
  await db.query(`VACUUM ANALYZE properties`);
  await db.query(`VACUUM ANALYZE team_members`);
  const seeded = (Date.now() - t0) / 1000;
  console.log(`seeded in ${seeded.toFixed(0)} s`);

  // Plans of the team dashboard's two statements (the page and the counts), as the service builds them.
  const statements = [
    [
      'team page (newest, 12)',
      `SELECT p.* FROM properties p WHERE p.team_id = $1 ORDER BY p.created_at DESC, p.id ASC LIMIT 12`,
    ],
    [
      'team page (price_desc, published, 12)',
      `SELECT p.* FROM properties p WHERE p.team_id = $1 AND p.publish = true AND p.archived_at IS NULL
        ORDER BY p.price DESC NULLS LAST, p.id ASC LIMIT 12`,
    ],
    [
      'counting the team rows (what team_property_counts replaces; still run when a search is given)',
      `SELECT count(*)::int AS all, (count(*) FILTER (WHERE p.publish = false AND p.archived_at IS NULL))::int AS draft,
              (count(*) FILTER (WHERE p.publish = true AND p.archived_at IS NULL))::int AS published,
              (count(*) FILTER (WHERE p.archived_at IS NOT NULL))::int AS archived
         FROM properties p WHERE p.team_id = $1`,
    ],
    [
      'team counts as the dashboard reads them',
      `SELECT draft, published, archived FROM team_property_counts WHERE team_id = $1`,
    ],
  ];
  bench.writeResult(
    'teams-explain.txt',
    await bench.explainAll(
      db,
      statements.map(([label, sql]) => [label, sql, [team.id]]),
    ),
  );
  await db.end();

  const server = await bench.bootApp(url, 'teams');
  const cookie = await bench.signIn(server.base, 'm1@bench.test', bench.BENCH_PASSWORD);
  const runs = {};
  for (const scope of ['mine', 'team']) {
    const paths = [
      `/api/properties/dashboard/realtor?scope=${scope}&count=12`,
      `/api/properties/dashboard/realtor?scope=${scope}&publish=published&sort=price_desc&count=12`,
      `/api/properties/published/paginate/12?scope=${scope}&page=7`,
    ];
    runs[scope] = await bench.loadRunOk(scope, server.base, cookie, paths, {
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
  }
  await server.close();

  const summary = {
    at: new Date().toISOString(),
    rows: { team: TEAM_ROWS, personal: PERSONAL_ROWS, other_teams: OTHER_ROWS, members: MEMBERS },
    seconds_per_run: SECONDS,
    connections: CONNECTIONS,
    personal: runs.mine,
    team: runs.team,
    ratio: bench.ratios(runs.team, runs.mine),
    total_seconds: Math.round((Date.now() - t0) / 1000),
  };
  await bench.finish('teams.json', summary, DB);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
