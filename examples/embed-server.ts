/**
 * Embedding the API server in your own program: `createServer` builds the fastify app (not yet
 * listening) and `plugins` add your routes behind the same keys, plans, rate limits and request
 * log as the API's own. Run it from a clone with
 *   npx tsx examples/embed-server.ts
 * (an installed package imports the same names from 'solarkit-server'). It answers two requests
 * in memory and prints them; `await app.listen({ port: 8080 })` would serve them instead.
 */
import { createServer, requirePlan } from '../packages/server/src/index.js';

const app = await createServer({
  // A file path keeps accounts, keys and sites between runs; a postgres:// URL shares them between nodes.
  dbPath: ':memory:',
  plugins: [(app, ctx) => {
    // Your own route: 401 without a key, 403 for an account whose plan lacks 'rooftop'.
    app.get('/my/roof-summary', async (request) => {
      const account = requirePlan(request, 'rooftop');
      // The API's own endpoints answer inside the process too.
      const tmy = await app.inject({
        url: '/data/tmy/rooftop_pv_power?latitude=-33.856784&longitude=151.215297&capacity=5&format=json',
        headers: { authorization: request.headers.authorization ?? '' },
      });
      const rows = (JSON.parse(tmy.body) as { estimated_actuals: { pv_power_rooftop: number }[] }).estimated_actuals;
      const kWh = rows.reduce((sum, r) => sum + r.pv_power_rooftop, 0); // hourly means in kW: kWh
      return { account: account.name, annual_kwh: Math.round(kWh), computed_at: new Date(ctx.clock.now() * 1000).toISOString() };
    });
  }],
});

// Accounts and keys go through the database's account store (SQLite or PostgreSQL alike).
const accounts = app.solarkit.stores.accounts;
const account = await accounts.createAccount('example', { plans: 'all' });
const { key } = await accounts.createKey(account.id);

const withKey = await app.inject({ url: '/my/roof-summary', headers: { authorization: `Bearer ${key}` } });
console.log(`with a key: ${withKey.statusCode} ${withKey.body}`);
const withoutKey = await app.inject({ url: '/my/roof-summary' });
console.log(`without a key: ${withoutKey.statusCode}`);
await app.close();
