#!/usr/bin/env node
// Hotel (issue 13): CLIENTS concurrent clients (default 16) create reservations
// on ROOMS rooms (default 20) with random, often overlapping stays (1–5 nights
// within the next WINDOW days) for SECONDS seconds, through
// POST /api/companies/:id/reservations of the sector service. Reports the
// reservations created per second (and the refused double bookings, 409), the
// request latencies, then checks in SQL that no two non-cancelled reservations
// of a room overlap: the database's exclusion constraint is what refuses them.
// Starts the sector service in this process (built dist: run
// `npm run build:server` first) on a fresh Postgres database (DATABASE_URL, or a
// throw-away database on postgres://postgres@127.0.0.1:5432, dropped at the end);
// no Redis and no accounting service needed (the module switch is saved).
// Usage: node infra/bench/hotel.js [seconds=10] [clients=16] [rooms=20] [window=365]
const { randomUUID } = require('node:crypto');
const { TOKEN, withBenchDatabase, tenantHeaders } = require('./lib/ledger');
const { ms, now, summary, numericArgs } = require('./lib/timing');
const { startService } = require('./lib/services');

const [SECONDS, CLIENTS, ROOMS, WINDOW] = numericArgs(10, 16, 20, 365);

async function call(base, method, pathAndQuery, headers, body) {
  const res = await fetch(`${base}${pathAndQuery}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

const day = (offset) => new Date(Date.UTC(2030, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

async function main() {
  await withBenchDatabase(async (databaseUrl) => {
    Object.assign(process.env, { DATABASE_URL: databaseUrl, REDIS_URL: '', INTERNAL_TOKEN: TOKEN, LOG_LEVEL: 'silent' });
    const { service: sector, base } = await startService('sector');
    try {
      const companyId = randomUUID();
      const headers = tenantHeaders(companyId);
      const modules = await call(base, 'PUT', `/api/companies/${companyId}/modules`, headers, { modules: ['hotel'] });
      if (modules.status !== 200) throw new Error(`modules: ${modules.status}`);
      const rooms = [];
      for (let n = 1; n <= ROOMS; n++) {
        const res = await call(base, 'POST', `/api/companies/${companyId}/rooms`, headers, {
          roomNumber: String(100 + n),
          capacity: 2,
          pricePerNight: String(15000 + n * 500),
        });
        if (res.status !== 201) throw new Error(`room: ${res.status} ${JSON.stringify(res.body)}`);
        rooms.push(res.body);
      }

      const counts = new Map();
      const latencies = [];
      const deadline = now() + SECONDS * 1000;
      const t0 = now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          while (now() < deadline) {
            const room = rooms[Math.floor(Math.random() * rooms.length)];
            const start = Math.floor(Math.random() * WINDOW);
            const nights = 1 + Math.floor(Math.random() * 5);
            const t = now();
            const res = await call(base, 'POST', `/api/companies/${companyId}/reservations`, headers, {
              roomId: room.id,
              guestName: `Client ${client}`,
              checkInDate: day(start),
              checkOutDate: day(start + nights),
              numberOfGuests: 1 + (client % 2),
            });
            latencies.push(now() - t);
            counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
          }
        }),
      );
      const elapsed = (now() - t0) / 1000;

      const sequelize = sector.ctx.sequelize;
      const [[{ overlaps }]] = await sequelize.query(
        `SELECT count(*)::int AS overlaps FROM sector.reservations a JOIN sector.reservations b
            ON a.company_id = b.company_id AND a.room_id = b.room_id AND a.id < b.id
         WHERE a.status <> 'cancelled' AND b.status <> 'cancelled'
           AND daterange(a.check_in_date, a.check_out_date, '[)') && daterange(b.check_in_date, b.check_out_date, '[)')`,
      );
      const [[{ stored, numbers }]] = await sequelize.query(
        `SELECT count(*)::int AS stored, count(DISTINCT reservation_number)::int AS numbers FROM sector.reservations WHERE company_id = $1`,
        { bind: [companyId] },
      );
      const created = counts.get(201) ?? 0;
      const refused = counts.get(409) ?? 0;
      const attempts = latencies.length;
      const stats = summary(latencies);
      console.log(
        `Hotel reservations: ${CLIENTS} concurrent clients, ${ROOMS} rooms, stays of 1–5 nights within ${WINDOW} days, ${elapsed.toFixed(1)} s`,
      );
      console.log(
        `  attempts: ${attempts} (${(attempts / elapsed).toFixed(1)}/s); status counts ${JSON.stringify(Object.fromEntries(counts))}`,
      );
      console.log(`  reservations created: ${created} (${(created / elapsed).toFixed(1)}/s); double bookings refused (409): ${refused}`);
      console.log(`  POST latency: median ${ms(stats.median)}, p95 ${ms(stats.p95)}, max ${ms(stats.max)}`);
      console.log(`  stored reservations: ${stored}, distinct numbers: ${numbers}; overlapping non-cancelled pairs: ${overlaps}`);
      if (overlaps !== 0) throw new Error('Double bookings found');
      if (stored !== created || numbers !== stored) throw new Error('Stored reservations do not match the 201 answers');
      if (created + refused !== attempts) throw new Error('Unexpected statuses');
    } finally {
      await sector.close();
    }
  });
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
