import { authorizationTable } from '../properties/auth-table';

/** Users-and-markets and market-search routes. "owner" is the user the route is about. */
authorizationTable('people and market: authorization table', [
  { name: 'GET /api/followings', method: 'get', path: () => '/api/followings', guest: 401, other: 200, owner: 200 },
  { name: 'GET /api/followers', method: 'get', path: (c) => `/api/followers?user_id=${c.ownerId}`, guest: 401, other: 200, owner: 200 },
  { name: 'POST /api/follows/{userId}', method: 'post', path: (c) => `/api/follows/${c.ownerId}`, guest: 401, other: 200, owner: 422 },
  { name: 'DELETE /api/follows/{userId}', method: 'delete', path: (c) => `/api/follows/${c.ownerId}`, guest: 401, other: 200, owner: 200 },
  { name: 'GET /api/markets', method: 'get', path: () => '/api/markets', guest: 200, other: 200, owner: 200 },
  { name: 'GET /api/markets/user/{userId}', method: 'get', path: (c) => `/api/markets/user/${c.ownerId}`, guest: 200, other: 200, owner: 200 },
  { name: 'POST /api/markets (for the owner)', method: 'post', path: () => '/api/markets', body: (c) => ({ name: 'Boston', user_id: c.ownerId }), guest: 401, other: 403, owner: 201 },
  {
    name: 'POST /api/markets/{id}/user/{userId}/detach',
    method: 'post',
    path: async (c) => {
      const market = (await c.owner.post('/api/markets').send({ name: 'Chicago' })).body.market;
      return `/api/markets/${market.id}/user/${c.ownerId}/detach`;
    },
    guest: 401,
    other: 403,
    owner: 200,
  },
  { name: 'POST /api/user/stat/{statId}/update', method: 'post', path: () => '/api/user/stat/homes_sold/update', body: { value: '3' }, guest: 401, other: 200, owner: 200 },
  { name: 'GET /api/profile/{handle}', method: 'get', path: async (c) => `/api/profile/${(await c.t.db.query('SELECT handle FROM users WHERE id = $1', [c.ownerId]))[0].handle}`, guest: 200, other: 200, owner: 200 },
  { name: 'GET /api/profile/user/{userId}', method: 'get', path: (c) => `/api/profile/user/${c.ownerId}`, guest: 200, other: 200, owner: 200 },
  { name: 'page GET /profile/{handle}', method: 'get', path: async (c) => `/profile/${(await c.t.db.query('SELECT handle FROM users WHERE id = $1', [c.ownerId]))[0].handle}`, guest: 200, other: 200, owner: 200 },
  { name: 'page GET /market', method: 'get', path: () => '/market', guest: 200, other: 200, owner: 200 },
  { name: 'GET /api/market/search', method: 'get', path: () => '/api/market/search?lat=30.2672&lng=-97.7431&radius=2', guest: 200, other: 200, owner: 200 },
  { name: 'GET /api/market/geocode', method: 'get', path: () => '/api/market/geocode?q=Austin', guest: 200, other: 200, owner: 200 },
  { name: 'GET /api/market/saved-searches', method: 'get', path: () => '/api/market/saved-searches', guest: 401, other: 200, owner: 200 },
  { name: 'POST /api/market/saved-searches', method: 'post', path: () => '/api/market/saved-searches', body: { name: 'S', params: { lat: 1, lng: 2 } }, guest: 401, other: 201, owner: 201 },
  {
    name: 'DELETE /api/market/saved-searches/{id} (the owner\'s)',
    method: 'delete',
    path: async (c) => `/api/market/saved-searches/${(await c.owner.post('/api/market/saved-searches').send({ name: 'Mine', params: { lat: 1, lng: 2 } })).body.saved_search.id}`,
    guest: 401,
    other: 404,
    owner: 200,
  },
]);
