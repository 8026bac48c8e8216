// The client's addresses: / the lobby, /t/<id> a table, /t/<id>/<no> the replay of its game
// <no>, /p/<name> a player's page.
// A link with data-route changes the page without loading it again (app.js).
export const tablePath = (id) => `/t/${encodeURIComponent(id)}`;
export const playerPath = (name) => `/p/${encodeURIComponent(name)}`;
export const replayPath = (id, no) => `${tablePath(id)}/${no}`;
