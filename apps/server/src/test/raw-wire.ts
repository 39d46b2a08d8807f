import net from 'node:net';
import WebSocket from 'ws';
import { scaled } from './time-scale.ts';

/**
 * Bytes on a socket, below any HTTP or WebSocket client library, so tests can send what no
 * well-behaved client would: malformed or duplicated headers, broken framing, lying lengths; and
 * engine.io packets over a real WebSocket, below any Socket.IO client.
 */

/** One answer found in what the server wrote back: its status and its body (as Latin-1 text). */
export type RawAnswer = { status: number; head: string; body: string };

/**
 * What became of one exchange: the answers the server wrote (several when requests were pipelined),
 * whether it closed the connection, and the bytes that followed a 101 (WebSocket frames).
 */
export type RawExchange = { answers: RawAnswer[]; closed: boolean; afterUpgrade: Buffer };

const STATUS_LINE = /HTTP\/1\.[01] (\d{3})[^\r\n]*\r\n/g;

/** Splits a stream of HTTP answers at their status lines; reads no further than a 101. */
export function parseAnswers(raw: Buffer): { answers: RawAnswer[]; afterUpgrade: Buffer } {
  const text = raw.toString('latin1');
  const starts = [...text.matchAll(STATUS_LINE)].filter((m) => {
    // A status line only counts at the start or right after the previous answer's blank line or body.
    return m.index === 0 || text.slice(0, m.index).includes('\r\n\r\n');
  });
  const answers: RawAnswer[] = [];
  for (const [i, m] of starts.entries()) {
    const end = starts[i + 1]?.index ?? text.length;
    const whole = text.slice(m.index, end);
    const split = whole.indexOf('\r\n\r\n');
    const head = split >= 0 ? whole.slice(0, split) : whole;
    const status = Number(m[1]);
    if (status === 101) {
      const after = split >= 0 ? m.index + split + 4 : text.length;
      answers.push({ status, head, body: '' });
      return { answers, afterUpgrade: raw.subarray(after) };
    }
    answers.push({ status, head, body: split >= 0 ? whole.slice(split + 4) : '' });
  }
  return { answers, afterUpgrade: Buffer.alloc(0) };
}

/**
 * Writes `request` on a new connection and reads what comes back. The exchange ends when the server
 * closes, or goes quiet for `quietMs` after answering (a kept-alive connection), or has said
 * nothing for `firstByteMs` (it is still waiting for the rest of a request): then the connection is
 * half-closed, so the server sees the end of input, and it must close within `timeoutMs`.
 * `afterAnswer`, when given, runs once the first answer's head arrived (e.g. to write WebSocket
 * frames after a 101); it should end the connection itself.
 */
export function rawExchange(
  port: number,
  request: Buffer,
  {
    firstByteMs = 500,
    quietMs = 200,
    timeoutMs = scaled(5000),
    afterAnswer,
    maxBytes = 4 * 1024 * 1024,
  }: {
    firstByteMs?: number;
    quietMs?: number;
    timeoutMs?: number;
    afterAnswer?: (socket: net.Socket, head: Buffer) => void;
    maxBytes?: number;
  } = {},
): Promise<RawExchange & { timedOut: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let size = 0;
    let answered = false;
    let settled = false;
    let quiet: NodeJS.Timeout | undefined;
    const finish = (timedOut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(first);
      clearTimeout(timer);
      clearTimeout(quiet);
      socket.destroy();
      const parsed = parseAnswers(Buffer.concat(chunks));
      resolve({ ...parsed, closed: !timedOut, timedOut });
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    const first = setTimeout(() => {
      if (size === 0) socket.end();
    }, firstByteMs);
    socket.on('data', (chunk) => {
      if (size < maxBytes) chunks.push(chunk);
      size += chunk.length;
      if (!answered && Buffer.concat(chunks).includes('\r\n\r\n')) {
        answered = true;
        afterAnswer?.(socket, Buffer.concat(chunks));
      }
      if (answered && !afterAnswer) {
        clearTimeout(quiet);
        quiet = setTimeout(() => finish(false), quietMs);
      }
    });
    // A reset while we still write (the server refused early) is an answer like any other.
    socket.on('error', () => undefined);
    socket.on('close', () => finish(false));
    socket.write(request);
  });
}

export type FrameSpec = {
  fin: boolean;
  /** The three reserved bits, as a number 0-7 (RSV1 is compression). */
  rsv: number;
  opcode: number;
  masked: boolean;
  payload: Buffer;
  /** Say a length other than the payload's own (a lie the reader must survive). */
  claimedLength?: number | bigint;
};

/** One WebSocket frame as RFC 6455 lays it out; a client's frames are masked (a zero mask here). */
export function wsFrame({ fin, rsv, opcode, masked, payload, claimedLength }: FrameSpec): Buffer {
  const length = claimedLength ?? payload.length;
  const first = (fin ? 0x80 : 0) | ((rsv & 7) << 4) | (opcode & 0x0f);
  const mask = masked ? 0x80 : 0;
  let header: Buffer;
  if (typeof length === 'number' && length < 126) {
    header = Buffer.from([first, mask | length]);
  } else if (typeof length === 'number' && length < 0x10000) {
    header = Buffer.alloc(4);
    header.writeUInt8(first, 0);
    header.writeUInt8(mask | 126, 1);
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header.writeUInt8(first, 0);
    header.writeUInt8(mask | 127, 1);
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  // A zero mask leaves the payload as it is, which keeps the frames readable in a failure's output.
  return Buffer.concat([header, masked ? Buffer.alloc(4) : Buffer.alloc(0), payload]);
}

/** The close code in the server's frames after a 101, if it sent a close frame. */
export function closeCodeOf(frames: Buffer): number | undefined {
  let at = 0;
  while (at + 2 <= frames.length) {
    const opcode = (frames[at] ?? 0) & 0x0f;
    let length = (frames[at + 1] ?? 0) & 0x7f;
    let offset = at + 2;
    if (length === 126) {
      if (offset + 2 > frames.length) return undefined;
      length = frames.readUInt16BE(offset);
      offset += 2;
    } else if (length === 127) {
      if (offset + 8 > frames.length) return undefined;
      length = Number(frames.readBigUInt64BE(offset));
      offset += 8;
    }
    if (opcode === 8) return length >= 2 && offset + 2 <= frames.length ? frames.readUInt16BE(offset) : 1005;
    at = offset + length;
  }
  return undefined;
}

/**
 * An engine.io connection over a real WebSocket (the `ws` client), speaking no Socket.IO by itself:
 * the test writes packets as text or bytes and reads every text packet the server sent. Answers
 * the server's pings, so a slow case is not closed for silence.
 */
export type Engine = {
  ws: WebSocket;
  texts: string[];
  closed: boolean;
  /** Latin-1 text goes as a text frame of those bytes (so a case can send any UTF-8, or broken UTF-8). */
  send: (data: string | Buffer) => void;
  /** Waits until `done()` or the connection closed or `ms` passed; says whether `done()`. */
  until: (done: () => boolean, ms: number) => Promise<boolean>;
};

export async function openEngine(url: string, origin: string): Promise<Engine> {
  const ws = new WebSocket(url, { perMessageDeflate: false, headers: { origin } });
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
  };
  const engine: Engine = {
    ws,
    texts: [],
    closed: false,
    send(data) {
      if (ws.readyState !== WebSocket.OPEN) return;
      const text = typeof data === 'string';
      ws.send(text ? Buffer.from(data, 'latin1') : data, { binary: !text }, () => undefined);
    },
    until(done, ms) {
      return new Promise((resolve) => {
        const check = () => {
          if (done() || engine.closed) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(done());
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          resolve(done());
        }, ms);
        waiters.add(check);
        check();
      });
    },
  };
  ws.on('message', (data, isBinary) => {
    if (!isBinary) {
      const text = String(data);
      if (text === '2') ws.send('3');
      engine.texts.push(text);
    }
    wake();
  });
  for (const event of ['close', 'error'] as const) {
    ws.on(event, () => {
      engine.closed = true;
      wake();
    });
  }
  const opened = await engine.until(() => engine.texts.some((t) => t.startsWith('0{')), 5000);
  if (!opened) throw new Error('no engine.io open packet');
  return engine;
}

/** The Socket.IO acknowledgements an engine received (`43<id>[…]`), by id. */
export function acksOf(engine: Engine): Map<number, unknown> {
  const acks = new Map<number, unknown>();
  for (const text of engine.texts) {
    const m = /^43(\d+)(\[.*)$/s.exec(text);
    if (!m) continue;
    try {
      acks.set(Number(m[1]), (JSON.parse(m[2] ?? '[]') as unknown[])[0]);
    } catch {
      acks.set(Number(m[1]), text);
    }
  }
  return acks;
}
