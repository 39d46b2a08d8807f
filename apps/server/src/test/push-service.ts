import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/**
 * A push service on a local port, checking what the server sends as a browser vendor's would
 * (RFC 8030/8291/8292): the VAPID token (`Authorization: vapid t=<JWT>, k=<key>`) signed with ES256 by
 * the key it names, for this service's origin, expiring within a day; a TTL; and an `aes128gcm` body
 * (RFC 8188) that it decrypts with the device keys the test made. What fails a check is answered
 * 400/401/403 and kept in `rejected`; what passes is kept in `received` and answered with the status
 * set for its endpoint (201 unless told otherwise).
 */

/** A browser's side of a subscription: the keys it gives the server and the private key it keeps. */
export type Device = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ReturnType<typeof createECDH>;
  authSecret: Buffer;
};

export type ReceivedPush = {
  endpoint: string;
  /** The decrypted body, as text. */
  text: string;
  /** The VAPID public key the token was signed with. */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
};

const b64 = (buf: Buffer) => buf.toString('base64url');
const jwtHeader = z.object({ typ: z.literal('JWT').optional(), alg: z.literal('ES256') });
const jwtClaims = z.object({ aud: z.string(), exp: z.number().int(), sub: z.string() });

class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Checks the VAPID token for `origin` (RFC 8292 §2-3); answers its claims and key. */
function checkVapid(header: string | undefined, origin: string, now: number) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Refused(401, `no vapid authorization: ${header}`);
  const [token, k] = [match[1], match[2]];
  const [head = '', body = '', signature = ''] = token.split('.');
  const key = Buffer.from(k, 'base64url');
  if (key.length !== 65 || key[0] !== 4) throw new Refused(401, 'k is not an uncompressed P-256 point');
  jwtHeader.parse(JSON.parse(Buffer.from(head, 'base64url').toString()));
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(key.subarray(1, 33)), y: b64(key.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Refused(403, 'the JWT signature does not match k');
  const claims = jwtClaims.parse(JSON.parse(Buffer.from(body, 'base64url').toString()));
  if (claims.aud !== origin) throw new Refused(403, `aud ${claims.aud} is not ${origin}`);
  const seconds = now / 1000;
  if (claims.exp <= seconds || claims.exp > seconds + 24 * 3600)
    throw new Refused(403, `exp ${claims.exp} is not within the next 24 hours`);
  if (!/^(mailto:.+@.+|https:\/\/.+)$/.test(claims.sub)) throw new Refused(403, `sub ${claims.sub}`);
  return { claims, vapidKey: k };
}

/** RFC 8291 §3.4 and RFC 8188 §2: the body's records decrypted with the device's keys. */
export function decryptPush(body: Buffer, device: Pick<Device, 'ecdh' | 'authSecret'>): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || rs < 18) throw new Refused(400, 'bad aes128gcm header');
  const ecdhSecret = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, device.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const records = body.subarray(21 + idLength);
  const plain: Buffer[] = [];
  for (let seq = 0, at = 0; at < records.length; seq++, at += rs) {
    const record = records.subarray(at, Math.min(at + rs, records.length));
    const iv = Buffer.from(nonce);
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The content, a delimiter (2 in the last record, 1 before), then zeros.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    const last = at + rs >= records.length;
    if (padded[end] !== (last ? 2 : 1)) throw new Refused(400, 'bad record padding');
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain).toString('utf8');
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startPushService() {
  const devices = new Map<string, Device>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const endpoint = `${origin}${req.url ?? ''}`;
      try {
        const device = devices.get(endpoint);
        if (req.method !== 'POST' || !device) throw new Refused(404, `no subscription ${endpoint}`);
        const { claims, vapidKey } = checkVapid(req.headers.authorization, origin, Date.now());
        const ttl = Number(req.headers.ttl);
        if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
          throw new Refused(400, `TTL ${req.headers.ttl}`);
        if (req.headers['content-encoding'] !== 'aes128gcm')
          throw new Refused(400, `Content-Encoding ${req.headers['content-encoding']}`);
        const text = decryptPush(body, device);
        const header = (name: string) => {
          const value = req.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        received.push({
          endpoint,
          text,
          vapidKey,
          claims,
          ttl,
          urgency: header('urgency'),
          topic: header('topic'),
        });
        res.writeHead(statuses.get(endpoint) ?? 201).end();
      } catch (err) {
        const status = err instanceof Refused ? err.status : 400;
        rejected.push(`${endpoint}: ${err instanceof Error ? err.message : String(err)}`);
        res.writeHead(status).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let seq = 0;
  return {
    received,
    rejected,
    /** A new device subscribed to this service, as `PushManager.subscribe` makes one. */
    device(): Device {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      seq += 1;
      const endpoint = `${origin}/push/${seq}-${randomBytes(6).toString('hex')}`;
      const device = {
        endpoint,
        keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(authSecret) },
        ecdh,
        authSecret,
      };
      devices.set(endpoint, device);
      return device;
    },
    /** What the service answers this endpoint from now on (404 or 410: the subscription is gone). */
    answer(endpoint: string, status: number) {
      statuses.set(endpoint, status);
    },
    /** The pushes one device received, decrypted and parsed. */
    pushesTo(endpoint: string): unknown[] {
      return received.filter((r) => r.endpoint === endpoint).map((r) => JSON.parse(r.text));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestPushService = Awaited<ReturnType<typeof startPushService>>;

/**
 * The encryption itself, written from RFC 8291 to check `decryptPush` against an independent
 * encoder (the test's own, not the server's library).
 */
export function encryptPush(text: string, device: Pick<Device, 'keys'>, recordSize = 4096): Buffer {
  const server = createECDH('prime256v1');
  server.generateKeys();
  const uaPublic = Buffer.from(device.keys.p256dh, 'base64url');
  const salt = randomBytes(16);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, server.getPublicKey()]);
  const ikm = Buffer.from(
    hkdfSync(
      'sha256',
      server.computeSecret(uaPublic),
      Buffer.from(device.keys.auth, 'base64url'),
      keyInfo,
      32,
    ),
  );
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const content = Buffer.from(text);
  const chunk = recordSize - 17;
  const records: Buffer[] = [];
  for (let seq = 0, at = 0; at < content.length || seq === 0; seq++, at += chunk) {
    const piece = content.subarray(at, at + chunk);
    const last = at + chunk >= content.length;
    const iv = Buffer.from(nonce);
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const cipher = createCipheriv('aes-128-gcm', cek, iv);
    const sealed = Buffer.concat([
      cipher.update(Buffer.concat([piece, Buffer.from([last ? 2 : 1])])),
      cipher.final(),
    ]);
    records.push(sealed, cipher.getAuthTag());
  }
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(recordSize, 16);
  header.writeUInt8(65, 20);
  return Buffer.concat([header, server.getPublicKey(), ...records]);
}
