// The client's addresses: / the lobby, /t/<id> a table, /t/<id>/<no> the replay of its game
// <no>, /p/<name> a player's page.
// A link with data-route changes the page without loading it again (app.js).
// A table id is letters, digits, _ and - (the house's ids are hex): anything else in a /t/ link
// is no table, and the client routes it nowhere (the API answers such ids 404 as well).
export const isTableId = (id) => /^[A-Za-z0-9_-]{1,64}$/.test(id);
export const tablePath = (id) => `/t/${encodeURIComponent(id)}`;
export const playerPath = (name) => `/p/${encodeURIComponent(name)}`;
export const replayPath = (id, no) => `${tablePath(id)}/${no}`;
