import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Storage } from '../../config.ts';
import { checkKey, checkPrefix, type MediaStore } from './media-store.ts';

/**
 * One client per process for every area. Checksums only where the API requires them: the SDK's
 * default (a CRC trailer on every upload, aws-chunked) is not understood by every S3-compatible
 * service (older MinIO and Ceph, s3rver), and TLS plus S3's own MD5 ETag already guard the bytes.
 */
export function createS3Client(s3: S3Storage): S3Client {
  return new S3Client({
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    // Without keys the SDK's own chain applies (instance roles, AWS_* variables, shared files).
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
  });
}

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey');

/** A part of a streamed upload; 5 MiB is S3's smallest, two in flight bound the memory to ~16 MiB. */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * A bucket of an S3-compatible service (AWS S3, Cloudflare R2, MinIO, Ceph), keys under `prefix`.
 * A single PUT is atomic; a streamed upload goes in parts and is aborted when it fails, so no object
 * appears (the parts of an upload whose process died are dropped by the bucket's lifecycle rule for
 * incomplete multipart uploads: see docs/decisions/025-media-store.md).
 */
export function createS3MediaStore({
  client,
  bucket,
  prefix,
}: {
  client: S3Client;
  bucket: string;
  prefix: string;
}): MediaStore {
  const keyOf = (key: string) => `${prefix}${checkKey(key)}`;

  return {
    async put(key, body, contentType) {
      if (Buffer.isBuffer(body)) {
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: keyOf(key), Body: body, ContentType: contentType }),
        );
        return;
      }
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: keyOf(key), Body: body, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: 2,
      });
      await upload.done();
    },

    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        if (!(res.Body instanceof Readable)) throw new Error('the S3 client answered no stream');
        return {
          body: res.Body,
          size: res.ContentLength ?? 0,
          etag: res.ETag ?? '',
          lastModified: res.LastModified ?? new Date(0),
        };
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },

    async head(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return {
          size: res.ContentLength ?? 0,
          etag: res.ETag ?? '',
          lastModified: res.LastModified ?? new Date(0),
        };
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },

    async *list(folder) {
      const listed = `${prefix}${checkPrefix(folder)}`;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: listed, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) {
          if (!item.Key?.startsWith(prefix)) continue;
          yield {
            key: item.Key.slice(prefix.length),
            size: item.Size ?? 0,
            etag: item.ETag ?? '',
            lastModified: item.LastModified ?? new Date(0),
          };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
