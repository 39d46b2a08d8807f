import { CLIENT_EVENTS } from '@makan/contract/realtime';
import fc from 'fast-check';
import { fill, headerJunk, huge, MALFORMED, renderRequest, type World } from './transport-fuzz.http-cases.ts';

/**
 * The generated Socket.IO cases of `transport-fuzz.test.ts`: handshakes over both transports with
 * what they read spoiled, broken WebSocket frames, and malformed engine.io and Socket.IO packets
 * before and after signing in. Placeholders as in `transport-fuzz.http-cases.ts`.
 */

// The Socket.IO handshake.

/** Query parameters engine.io reads, with values that spoil each. */
const HANDSHAKE_QUERY: Record<string, string[]> = {
  EIO: ['3', '5', '', 'x', '4.0', '-1', '99999999999999999999', '%34', '__proto__'],
  transport: [
    'polling',
    'webtransport',
    '',
    'WEBSOCKET',
    'x',
    '__proto__',
    'constructor',
    'websocket%00',
    'toString',
  ],
  sid: [
    '',
    'abc',
    'AAAAAAAAAAAAAAAAAAAA',
    '__proto__',
    'constructor',
    '%zz',
    huge(5000, 's'),
    'hasOwnProperty',
  ],
  j: ['0', 'x', '', '-1', '99999999999'],
  b64: ['1', 'true', '', '0', 'x'],
  t: ['abc', '', '%zz', huge(9000, 't'), 'Ol4vM2W'],
};

const WS_KEY = 'dGhlIHNhbXBsZSBub25jZQ==';

/** Headers the upgrade reads, with values that spoil each. */
const HANDSHAKE_HEADERS: Record<string, string[]> = {
  Upgrade: ['', 'WebSocket', 'websocket, h2c', 'h2c', 'websocket\t', '\xff', 'websocket2'],
  Connection: [
    '',
    'upgrade',
    'keep-alive',
    'close',
    'Upgrade, keep-alive',
    'keep-alive, Upgrade',
    '\xff',
    'Upgrade,,,',
  ],
  'Sec-WebSocket-Key': [
    '',
    'short',
    'dGhlIHNhbXBsZSBub25jZQ',
    '!!!!!!!!!!!!!!!!!!!!!!!=',
    '\xff\xfe',
    huge(300, 'A'),
    `${WS_KEY}, ${WS_KEY}`,
  ],
  'Sec-WebSocket-Version': ['', '8', '14', 'abc', '13, 8', '-13', '0013', '13 ', '99999999999999999999'],
  'Sec-WebSocket-Extensions': [
    'permessage-deflate',
    'permessage-deflate; client_max_window_bits=99',
    'permessage-deflate; server_max_window_bits=7',
    'permessage-deflate,permessage-deflate',
    'x;;;',
    ';',
    '=',
    'permessage-deflate; a="b',
    '\xff',
  ],
  'Sec-WebSocket-Protocol': ['', 'a,,b', 'chat', '\xff', ', ,', 'a b', huge(5000, 'p'), 'a,a'],
  Origin: MALFORMED.origin,
  Host: MALFORMED.host,
  Cookie: MALFORMED.cookie,
};

const POLLING_HEADERS: Record<string, string[]> = {
  Origin: MALFORMED.origin,
  Host: MALFORMED.host,
  Cookie: MALFORMED.cookie,
  'Content-Type': ['application/octet-stream', '', 'application/json', '\xff', 'text/plain; charset=utf-99'],
};

/** Percent-encoded bytes of any value, as a query value. */
const queryJunk = fc
  .uint8Array({ maxLength: 12 })
  .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));

export type HandshakeMutation = {
  where: 'query' | 'header';
  name: string;
  op: 'missing' | 'malformed' | 'duplicated' | 'junk';
  value: string;
};

function handshakeMutation(where: HandshakeMutation['where'], parts: Record<string, string[]>) {
  return fc
    .record({
      name: fc.constantFrom(...Object.keys(parts)),
      op: fc.constantFrom<HandshakeMutation['op']>('missing', 'malformed', 'malformed', 'duplicated', 'junk'),
    })
    .chain(({ name, op }) =>
      (op === 'missing'
        ? fc.constant('')
        : op === 'junk'
          ? where === 'query'
            ? queryJunk
            : headerJunk
          : fc.constantFrom(...(parts[name] ?? ['']))
      ).map((value): HandshakeMutation => ({ where, name, op, value })),
    );
}

/** The base pairs with each mutation of their kind applied: removed, replaced, or sent twice. */
function applyHandshake(
  base: [string, string][],
  mutations: HandshakeMutation[],
  where: HandshakeMutation['where'],
) {
  let pairs = [...base];
  for (const m of mutations.filter((x) => x.where === where)) {
    const same = (k: string) => k.toLowerCase() === m.name.toLowerCase();
    const own = pairs.find(([k]) => same(k));
    const others = pairs.filter(([k]) => !same(k));
    if (m.op === 'missing') pairs = others;
    else if (m.op === 'duplicated') pairs = [...others, ...(own ? [own] : []), [m.name, m.value]];
    else pairs = [...others, [m.name, m.value]];
  }
  return pairs;
}

const QUERY_TAILS = ['', '', '', '&', '&&&=', '&%', '&a[b]=1', '&transport[]=websocket', '&EIO[]=4'];

function handshakeTarget(transport: string, mutations: HandshakeMutation[], tail: string) {
  const query = applyHandshake(
    [
      ['EIO', '4'],
      ['transport', transport],
    ],
    mutations,
    'query',
  );
  return `/socket.io/?${query.map(([k, v]) => `${k}=${v}`).join('&')}${tail}`;
}

export type WebsocketHandshake = { mutations: HandshakeMutation[]; tail: string };

/** A good upgrade with one to three of the things it reads spoiled. */
export const websocketHandshakeCase = fc.record({
  mutations: fc.array(
    fc.oneof(handshakeMutation('query', HANDSHAKE_QUERY), handshakeMutation('header', HANDSHAKE_HEADERS)),
    { minLength: 1, maxLength: 3 },
  ),
  tail: fc.constantFrom(...QUERY_TAILS),
});

const GOOD_WS_HEADERS: [string, string][] = [
  ['Host', '{host}'],
  ['Origin', '{origin}'],
  ['Upgrade', 'websocket'],
  ['Connection', 'Upgrade'],
  ['Sec-WebSocket-Key', WS_KEY],
  ['Sec-WebSocket-Version', '13'],
];

export function renderWebsocketHandshake(c: WebsocketHandshake, w: World) {
  return renderRequest(
    {
      method: 'GET',
      target: handshakeTarget('websocket', c.mutations, c.tail),
      version: 'HTTP/1.1',
      headers: applyHandshake(GOOD_WS_HEADERS, c.mutations, 'header'),
      body: '',
      eol: '\r\n',
    },
    w,
  );
}

export type PollingHandshake = { method: string; mutations: HandshakeMutation[]; tail: string; body: string };

/** The polling transport, which this server does not offer, asked for in every way. */
export const pollingCase = fc.record({
  method: fc.constantFrom('GET', 'GET', 'POST', 'OPTIONS', 'PUT', 'HEAD'),
  mutations: fc.array(
    fc.oneof(handshakeMutation('query', HANDSHAKE_QUERY), handshakeMutation('header', POLLING_HEADERS)),
    { maxLength: 3 },
  ),
  tail: fc.constantFrom(...QUERY_TAILS),
  body: fc.constantFrom(
    '',
    '40',
    '4hello',
    '2\x1e2',
    'b4aGVsbG8=',
    '1:0',
    `4${huge(70_000, 'x')}`,
    '\xff\xfe',
  ),
});

export function renderPolling(c: PollingHandshake, w: World) {
  const body = c.method === 'POST' || c.method === 'PUT' ? c.body : '';
  const headers = applyHandshake(
    [
      ['Host', '{host}'],
      ['Origin', '{origin}'],
      ['Content-Type', 'text/plain;charset=UTF-8'],
    ],
    c.mutations,
    'header',
  );
  headers.push(['Connection', 'close']);
  if (body) headers.push(['Content-Length', '{length}']);
  return renderRequest(
    {
      method: c.method,
      target: handshakeTarget('polling', c.mutations, c.tail),
      version: 'HTTP/1.1',
      headers,
      body,
      eol: '\r\n',
    },
    w,
  );
}

/** The valid upgrade request, for cases that need an open WebSocket to misbehave on. */
export const GOOD_UPGRADE = `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${WS_KEY}\r\nSec-WebSocket-Version: 13\r\n\r\n`;

// ---------------------------------------------------------------------------------------------
// WebSocket frames (below engine.io).

const FRAME_PAYLOADS: Record<string, string> = {
  'engine.io ping': '2',
  'socket.io connect': '40{"token":"{token}"}',
  'socket.io send': '42["send",{"conversationId":{conversation},"content":"framed"}]',
  'invalid utf-8': '\xff\xfe\xc0\xaf',
  'lone surrogate utf-8': '4\xed\xa0\x80',
  'truncated utf-8': '42["\xe2\x82',
  'close 1000': '\x03\xe8bye',
  'close 999': '\x03\xe7',
  'close 1005': '\x03\xed',
  'close 1 byte': '\x03',
  'close 5000 bad reason': '\x13\x88\xff\xfe',
  empty: '',
  'large text': huge(70_000, 'x'),
  'control-size text': huge(126, 'c'),
};

export const frameSpecArb = fc.record({
  fin: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  rsv: fc.oneof(
    { weight: 4, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 7 }) },
  ),
  opcode: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(1, 2, 8, 9, 10) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 15 }) },
  ),
  masked: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  payload: fc.constantFrom(...Object.keys(FRAME_PAYLOADS)),
  lie: fc.constantFrom('none', 'none', 'none', 'longer', 'shorter', '2^63', 'over the limit'),
});
export const framesCase = fc.record({
  frames: fc.array(frameSpecArb, { minLength: 1, maxLength: 4 }),
  cut: fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }),
});

export function framePayload(name: string, w: World): Buffer {
  return Buffer.from(fill(FRAME_PAYLOADS[name] ?? '', w), 'latin1');
}

// ---------------------------------------------------------------------------------------------
// Engine.io and Socket.IO packets, over a good WebSocket.

/** Packets no client of ours sends: every engine.io type, broken Socket.IO encodings, reserved names. */
const ENGINE_TEXT = [
  '',
  '0',
  '1',
  '2',
  '2probe',
  '3',
  '3probe',
  '5',
  '6',
  '7',
  '9',
  'x',
  '4',
  '40',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '47',
  '4x',
  '40/',
  '40/admin,',
  '40/admin,{}',
  '41/',
  '42[]',
  '42{}',
  '42"send"',
  '42[null]',
  '42[1]',
  '42[{}]',
  '42[["send"]]',
  '42["connect"]',
  '42["disconnect"]',
  '42["disconnecting"]',
  '42["newListener"]',
  '42["removeListener"]',
  '42["error",{}]',
  '42["__proto__",{}]',
  '42["constructor",{}]',
  '42["toString",{}]',
  '42[',
  '42["send"',
  '43[]',
  '431[]',
  '4399999[{"ok":true}]',
  '43x',
  '451-',
  '45-["x"]',
  '4511-[]',
  '45a-[]',
  '45999999999-["send",{"_placeholder":true,"num":0}]',
  '451-["send",{"_placeholder":true,"num":5}]',
  '451-["send",{"_placeholder":true,"num":-1}]',
  '451-["send",{"_placeholder":true,"num":"0"}]',
  '451-[{"_placeholder":true,"num":0}]',
  '451-["send",{"_placeholder":true}]',
  '46',
  '461-[]',
  '0{"sid":"x"}',
  '4\u0000',
  '42\u2028["send"]',
  `4${'2'.repeat(100)}`,
  '42999999999999999999999["send",{}]',
  '42-1["send",{}]',
  '421.5["send",{}]',
  '4/admin,42["send",{}]',
  '42/,["send",{}]',
  '44{"message":"spoofed"}',
  '40{"token":"{token}"}',
  '42["unsubscribe",{"conversationId":{conversation}}]',
  `42["send","${huge(65_600, 'x')}"]`,
];

export type EnginePacket = { text: string } | { binary: number[] } | { binaryOf: number };

export const enginePacket: fc.Arbitrary<EnginePacket> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...ENGINE_TEXT).map((text) => ({ text })) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map((s) => ({ text: s })) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map((s) => ({ text: `4${s}` })) },
  {
    weight: 1,
    arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => ({ text: `42${JSON.stringify(v) ?? 'null'}` })),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((b) => ({ binary: [...b] })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(65_535, 65_537, 70_000, 1_000_000)
      .chain((n) =>
        fc.constantFrom<EnginePacket>(
          { text: `4${huge(n, 'x')}` },
          { text: `42["send",{"content":"${huge(n, 'é')}"}]` },
          { binaryOf: n },
        ),
      ),
  },
);

export const engineCase = fc.record({
  signedIn: fc.boolean(),
  packets: fc.array(enginePacket, { minLength: 1, maxLength: 3 }),
});

/** `auth` of a Socket.IO CONNECT: the good token, wrong types, and broken encodings. */
const CONNECT_PACKETS = [
  '40',
  '40{}',
  '40{"token":123}',
  '40{"token":null}',
  '40{"token":""}',
  '40{"token":true}',
  `40{"token":"${huge(300, 'a')}"}`,
  `40{"token":"${huge(70_000, 'a')}"}`,
  '40{"token":["{token}"]}',
  '40{"token":{"$gt":""}}',
  '40{"token":{"toString":"{token}"}}',
  '40[]',
  '40"{token}"',
  '40null',
  '401',
  '40{bad json',
  '40{"token":"{token}"}garbage',
  '40{"token":"{token}\\u0000"}',
  '40{"token":" {token}"}',
  '40{"token":"Bearer {token}"}',
  '40{"token":"{token}","token":"x"}',
  '40{"__proto__":{"token":"{token}"}}',
  '40{"token":"\xff\xfe"}',
  '40/admin,{"token":"{token}"}',
  '40/,{"token":"{token}"}',
  '40{"token":"{token}"}',
];

export const connectCase = fc.record({
  connect: fc.constantFrom(...CONNECT_PACKETS),
  after: fc.array(fc.constantFrom(...ENGINE_TEXT.slice(0, 60)), { maxLength: 2 }),
});

/** Only these CONNECTs sign in: the good token exactly, to the main namespace (`/,` names it too). */
export const GOOD_CONNECT = '40{"token":"{token}"}';
export const GOOD_CONNECTS = [GOOD_CONNECT, '40/,{"token":"{token}"}'];

// Client events with payloads of the wrong shape.

const REF_PAYLOADS = [
  '{"conversationId":{conversation}}',
  '{"conversationId":{otherConversation}}',
  '{"conversationId":"{conversation}"}',
  '{"conversationId":-1}',
  '{"conversationId":0}',
  '{"conversationId":1.5}',
  '{"conversationId":2147483648}',
  '{"conversationId":1e308}',
  '{"conversationId":null}',
  '{"conversationId":[{conversation}]}',
  '{"conversationId":{"$gt":0}}',
  '{"conversationid":{conversation}}',
  '{"__proto__":{"conversationId":{conversation}}}',
  '{}',
  'null',
  '1',
  '"x"',
  '[]',
  'true',
];

const SEND_PAYLOADS = [
  '{"conversationId":{conversation},"content":"hello"}',
  '{"conversationId":{otherConversation},"content":"hello"}',
  '{"conversationId":2147483648,"content":"hello"}',
  '{"conversationId":{conversation}}',
  '{"conversationId":{conversation},"content":""}',
  '{"conversationId":{conversation},"content":"   "}',
  '{"conversationId":{conversation},"content":"a\\u0000b"}',
  '{"conversationId":{conversation},"content":"\\ud800"}',
  `{"conversationId":{conversation},"content":"${huge(5001, 'x')}"}`,
  `{"conversationId":{conversation},"content":"${huge(60_000, 'é')}"}`,
  '{"conversationId":{conversation},"content":123}',
  '{"conversationId":{conversation},"content":["a"]}',
  '{"conversationId":{conversation},"content":{"toString":"x"}}',
  '{"conversationId":{conversation},"content":"x","type":"image"}',
  '{"conversationId":{conversation},"content":"x","type":null}',
  '{"conversationId":{conversation},"content":"x","reply_to_id":"abc"}',
  '{"conversationId":{conversation},"content":"x","reply_to_id":2147483648}',
  '{"conversationId":{conversation},"content":"x","reply_to_id":-1}',
  '{"conversationId":{conversation},"content":"x","reply_to_id":{otherMessage}}',
  '{"conversationId":{conversation},"content":"x","reply_to_id":{message}}',
  '{"conversationId":{conversation},"content":"x","client_id":""}',
  '{"conversationId":{conversation},"content":"x","client_id":"../../etc"}',
  `{"conversationId":{conversation},"content":"x","client_id":"${huge(300, 'c')}"}`,
  '{"conversationId":{conversation},"content":"x","client_id":42}',
  '{"conversationId":{conversation},"content":"x","is_admin":true,"sender_id":1}',
  '{"conversationId":"{conversation}","content":"x"}',
  ...REF_PAYLOADS.slice(6),
];

const EVENT_NAMES = [...Object.values(CLIENT_EVENTS)];

export const eventCase = fc.record({
  event: fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...EVENT_NAMES) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'x',
        '',
        'Send',
        'MessageSent',
        'hasOwnProperty',
        'then',
        'emit',
        'join',
        'onAny',
        huge(10_000, 'e'),
      ),
    },
  ),
  sendPayload: fc.constantFrom(...SEND_PAYLOADS),
  refPayload: fc.constantFrom(...REF_PAYLOADS),
  ack: fc.constantFrom('id', 'id', 'id', 'none', 'not a function', 'no payload', 'huge id', 'many args'),
  binary: fc.constantFrom(
    'none',
    'none',
    'none',
    'placeholder payload',
    'extra attachment',
    'missing attachment',
  ),
});
export type EventCase = {
  event: string;
  sendPayload: string;
  refPayload: string;
  ack: string;
  binary: string;
};

/** The packets of an event case; `ackId` when an acknowledgement must come back. */
export function eventPackets(
  c: EventCase,
  id: number,
): { packets: EnginePacket[]; ackId: number | undefined } {
  const payload = c.event === 'send' ? c.sendPayload : c.refPayload;
  const name = JSON.stringify(c.event);
  const known = EVENT_NAMES.includes(c.event as (typeof EVENT_NAMES)[number]);
  const ackText = c.ack === 'none' ? '' : c.ack === 'huge id' ? '99999999999999999999' : String(id);
  const args =
    c.ack === 'no payload'
      ? `[${name}]`
      : c.ack === 'not a function'
        ? `[${name},${payload},"callback"]`
        : c.ack === 'many args'
          ? `[${name},${payload},1,{},[],null]`
          : `[${name},${payload}]`;
  // The server takes the acknowledgement from the last argument, however many came before it.
  const expectsAck = known && ['id', 'no payload', 'not a function', 'many args'].includes(c.ack);
  if (c.binary === 'none')
    return { packets: [{ text: `42${ackText}${args}` }], ackId: expectsAck ? id : undefined };
  const placeholder = `[${name},{"_placeholder":true,"num":0}]`;
  const attachments: EnginePacket[] =
    c.binary === 'missing attachment'
      ? []
      : c.binary === 'extra attachment'
        ? [{ binary: [1, 2] }, { binary: [3] }]
        : [{ binary: [123, 125] }];
  // A payload that is bytes: the schema must refuse it like any other wrong shape.
  return {
    packets: [{ text: `451-${ackText}${placeholder}` }, ...attachments],
    ackId: expectsAck && c.binary === 'placeholder payload' ? id : undefined,
  };
}
