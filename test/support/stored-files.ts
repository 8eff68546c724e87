// Files as a misbehaving client or a race could leave them: a record as the upload API writes it
// and the bytes put straight into the bucket (bypassing the presigned POST's checks), and the
// storage event for a key, to deliver it again by hand.
import { randomBytes } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import { newFileId } from '../../functions/core/files.js';
import { storage } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { insertFileRecord, newUploadRecord, type FileRecord } from '../../functions/platform/store/files.js';
import { encodeEventKey } from '../../lib/local/storage.js';

/** An `uploading` record for `name`, and `bytes` stored under its key without the API. */
export async function storeDirectly(userId: string, subjectId: string, name: string, bytes: Uint8Array): Promise<FileRecord> {
  const now = new Date();
  const id = newFileId(now, randomBytes(4).toString('hex'));
  const file = newUploadRecord({ userId, subjectId, id, fileName: name, displayName: name.replace(/\.pdf$/i, ''), size: bytes.byteLength, now });
  await insertFileRecord(file);
  await storage().send(new PutObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: file.storage_path, Body: bytes, ContentType: 'application/pdf' }));
  return file;
}

/** The ObjectCreated event storage sends for `key`. */
export const objectCreatedEvent = (key: string): S3Event =>
  ({
    Records: [
      {
        eventName: 'ObjectCreated:Post',
        eventSource: 'aws:s3',
        awsRegion: config().AWS_REGION,
        s3: { bucket: { name: config().UPLOADS_BUCKET }, object: { key: encodeEventKey(key), size: 1 } },
      },
    ],
  }) as unknown as S3Event;
