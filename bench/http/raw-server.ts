/**
 * The floor of the messages list's bytes per second: a bare node:http server in a process of its own
 * (as the product's server is) answering every request with the same bytes the endpoint answered,
 * with its content type. Reads the file named by its argument; prints `{"port":…}` once listening.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2] ?? '');
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };
const server = createServer((_req, res) => {
  res.writeHead(200, headers).end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
