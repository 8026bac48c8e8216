// The boardgame.io peer's server (../shared/peers/boardgameio/server.js) with its state in
// PostgreSQL through bgio-postgres: how a durable boardgame.io deployment runs. Copied next
// to the peer's files by `make bench-peers`; DATABASE_URL names the bench's own PostgreSQL.
'use strict';

const { Server } = require('boardgame.io/server');
const { PostgresStore } = require('bgio-postgres');
const { Shed } = require('./game');

const HOST = process.env.HOST || '127.0.0.1';
const PORT = Number(process.env.PORT || 8000);

if (!/^127\.|^localhost$|^::1$/.test(HOST)) {
  console.error(`refusing to listen on non-loopback host ${HOST}`);
  process.exit(2);
}

const db = new PostgresStore(process.env.DATABASE_URL, { logging: false });
const server = Server({ games: [Shed], db, origins: [`http://${HOST}:${PORT}`] });

server.run({ port: { port: PORT, host: HOST } }).then(({ appServer }) => {
  const a = appServer.address();
  console.log(`bgio server pid=${process.pid} listening on ${a.address}:${a.port} (PostgreSQL)`);
});

const stop = () => process.exit(0);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
