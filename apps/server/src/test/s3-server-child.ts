/**
 * s3rver in a process of its own (started by s3-server.ts): the S3 protocol over real HTTP on a free
 * port of 127.0.0.1, objects in a folder. Node is started with --openssl-legacy-provider because
 * s3rver 3.7 makes its listing continuation tokens with DES, which OpenSSL 3 keeps in that provider.
 */
import S3rver from 's3rver';

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory: process.env.S3RVER_DIR ?? '',
  silent: true,
  configureBuckets: (process.env.S3RVER_BUCKETS ?? '').split(',').map((name) => ({ name })),
});
const { port } = await server.run();
process.send?.({ port });
process.once('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
// The test that started it is gone (killed, crashed): so is the need for it.
process.once('disconnect', () => process.exit(0));
