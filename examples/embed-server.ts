/**
 * Embedding the API server in your own program: `createServer` builds the fastify app (not yet
 * listening) and `plugins`, ordinary fastify plugins, add your routes behind the same keys, plans,
 * rate limits and request log as the API's own. Run it from a clone with
 *   npx tsx examples/embed-server.ts
 * (an installed package imports the same names from 'solarkit-server'). It answers a few requests
 * in memory and prints them; `await app.listen({ port: 8080 })` would serve them instead.
 */
import type { FastifyPluginAsync } from 'fastify';
import { createServer, requirePlan } from '../packages/server/src/index.js';

/** Your own routes, as a fastify plugin with its own options; the server's context is `app.solarkit`. */
const roofRoutes: FastifyPluginAsync<{ capacityKw: number }> = async (app, { capacityKw }) => {
  // 401 without a key, 403 for an account whose plan lacks 'rooftop'. Registered with
  // `prefix: '/my'`, this path is /my/roof-summary.
  app.get('/roof-summary', async (request) => {
    const account = requirePlan(request, 'rooftop');
    // The API's own endpoints answer inside the process too.
    const tmy = await app.inject({
      url: `/data/tmy/rooftop_pv_power?latitude=-33.856784&longitude=151.215297&capacity=${capacityKw}&format=json`,
      headers: { authorization: request.headers.authorization ?? '' },
    });
    const rows = (JSON.parse(tmy.body) as { estimated_actuals: { pv_power_rooftop: number }[] }).estimated_actuals;
    const kWh = rows.reduce((sum, r) => sum + r.pv_power_rooftop, 0); // hourly means in kW: kWh
    const computedAt = new Date(app.solarkit.clock.now() * 1000).toISOString();
    return { account: account.name, capacity_kw: capacityKw, annual_kwh: Math.round(kWh), computed_at: computedAt };
  });
};

const app = await createServer({
  // A file path keeps accounts, keys and sites between runs; a postgres:// URL shares them between nodes.
  dbPath: ':memory:',
  plugins: [
    // A plugin alone: its routes at the paths it declares.
    async (app) => {
      app.get('/ping', async (request) => ({ account: requirePlan(request, 'rooftop').name }));
    },
    // A plugin with its options: `prefix` (fastify's own) and the plugin's.
    { plugin: roofRoutes, options: { prefix: '/my', capacityKw: 5 } },
  ],
});

// Accounts and keys go through the database's account store (SQLite or PostgreSQL alike).
const accounts = app.solarkit.stores.accounts;
const account = await accounts.createAccount('example', { plans: 'all' });
const { key } = await accounts.createKey(account.id);
const authorization = `Bearer ${key}`;

const withKey = await app.inject({ url: '/my/roof-summary', headers: { authorization } });
console.log(`with a key: ${withKey.statusCode} ${withKey.body}`);
const withoutKey = await app.inject({ url: '/my/roof-summary' });
console.log(`without a key: ${withoutKey.statusCode}`);
const unprefixed = await app.inject({ url: '/roof-summary', headers: { authorization } });
console.log(`without the prefix: ${unprefixed.statusCode}`);
const ping = await app.inject({ url: '/ping', headers: { authorization } });
console.log(`ping: ${ping.statusCode} ${ping.body}`);
await app.close();
