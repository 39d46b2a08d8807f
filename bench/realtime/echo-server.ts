/**
 * The floor of the real-time benchmark: a bare Socket.IO server (same version, websocket only, the
 * product's path) with no authentication, no database and no validation. Every socket joins the room
 * named in its handshake; `relay` sends the payload to the other sockets of that room and acknowledges
 * (and `POST /relay/<room>` does the same for a plain HTTP request).
 * Started as a child process so that, like the product's server, it has its own event loop.
 */
import { createServer } from 'node:http';
import { SOCKET_PATH } from '@makan/contract/realtime';
import { Server } from 'socket.io';

// `POST /relay/<room>` with a JSON body: the same relay reached by plain HTTP, as the web app sends.
const http = createServer((req, res) => {
  const room = req.url?.startsWith('/relay/') ? decodeURIComponent(req.url.slice('/relay/'.length)) : '';
  if (req.method !== 'POST' || !room) {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    io.to(room).emit('relayed', JSON.parse(Buffer.concat(chunks).toString()));
    res.writeHead(201, { 'content-type': 'application/json' }).end('{"status":true}');
  });
});
const io = new Server(http, {
  path: SOCKET_PATH,
  transports: ['websocket'],
  serveClient: false,
  maxHttpBufferSize: 64 * 1024,
});

io.on('connection', (socket) => {
  const room = String(socket.handshake.auth?.room ?? 'default');
  void socket.join(room);
  socket.on('relay', (payload: unknown, ack?: () => void) => {
    socket.to(room).emit('relayed', payload);
    if (typeof ack === 'function') ack();
  });
});

http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});
