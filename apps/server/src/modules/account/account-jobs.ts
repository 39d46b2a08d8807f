import { DATA_EXPORT_DAYS } from '@makan/contract/account';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../lib/logger.ts';
import { createWorkerLoop } from '../../lib/worker-loop.ts';
import type { Notifier } from '../auth/auth.service.ts';
import type { MediaStore } from '../media/media-store.ts';
import { exportReadyEmail } from './account.messages.ts';
import type { AccountDataRepository, ExportSource } from './account-data.repository.ts';

const DAY_MS = 86_400_000;
/** A claimed export whose worker has not finished in this long is taken again (the process died). */
const EXPORT_STALE_MS = 15 * 60_000;
/** An export that failed this many times is marked failed; the user can ask again. */
const EXPORT_MAX_ATTEMPTS = 3;
/** Accounts erased per pass, one transaction each. */
const ERASE_BATCH = 50;
const EXPORTS_PER_PASS = 20;

export type AccountJobsDeps = {
  data: AccountDataRepository;
  clock: Clock;
  /** Deletes every size of a stored image (picture, cover, post photo). */
  removeImage: (kind: 'picture' | 'cover' | 'post', key: string) => Promise<void>;
  /** Deletes a chat attachment's file(s). */
  removeChatFile: (file: { kind: 'image' | 'file'; storageKey: string }) => Promise<void>;
  /** Where companies' registration documents are kept (issue 21): the store's verification area. */
  verificationStore: MediaStore;
  /** Where prepared archives are kept: the store's exports area, shared by every node. */
  exportsStore: MediaStore;
  notifier: Pick<Notifier, 'email'>;
  publicUrl: string;
  /** The public address of a stored image, for the archive's list of media. */
  imageUrl: (kind: 'picture' | 'cover' | 'post', key: string) => string;
  log: Pick<Logger, 'info' | 'warn'>;
};

/** A prepared archive's key in the exports area of the media store. */
export const exportKey = (fileKey: string) => `${fileKey}.json`;

/**
 * The archive of one user (issue 20): their account, profile and preferences, posts with their
 * photos, comments, likes, bookmarks, follows, and every conversation they take part in with its
 * messages (what they cleared excepted). Other people appear by id and name only, never their
 * contact details; the media list names every file with its address.
 */
export function buildArchive(source: ExportSource, imageUrl: AccountJobsDeps['imageUrl'], now: Date) {
  const { account } = source;
  const media: { kind: string; file_name: string; url: string | null }[] = [];
  if (account.pictureKey)
    media.push({
      kind: 'picture',
      file_name: `${account.pictureKey}.webp`,
      url: imageUrl('picture', account.pictureKey),
    });
  if (account.coverKey)
    media.push({
      kind: 'cover',
      file_name: `${account.coverKey}.webp`,
      url: imageUrl('cover', account.coverKey),
    });
  const photosOf = (postId: number) => source.photos.filter((p) => p.postId === postId);
  for (const photo of source.photos) {
    media.push({ kind: 'post_photo', file_name: photo.fileName, url: imageUrl('post', photo.key) });
  }
  const names = new Map(source.people.map((p) => [p.id, p.name]));
  const conversations = source.mine.map((c) => ({
    id: c.conversationId,
    with: source.people
      .filter((p) => p.conversationId === c.conversationId && p.id !== account.id)
      .map((p) => ({ id: p.id, name: p.name })),
    messages: source.said
      .filter((m) => m.conversationId === c.conversationId && m.id > c.clearedUpTo)
      .map((m) => {
        const files = source.files.filter((f) => f.messageId === m.id);
        for (const f of files) {
          if (m.senderId === account.id)
            media.push({ kind: 'chat_attachment', file_name: f.fileName, url: null });
        }
        return {
          id: m.id,
          from:
            m.senderId === null
              ? { id: null, name: null, deleted_account: true }
              : {
                  id: m.senderId,
                  name: m.senderId === account.id ? account.name : (names.get(m.senderId) ?? null),
                },
          type: m.type,
          content: m.isDeleted ? null : m.content,
          is_deleted: m.isDeleted,
          reply_to_id: m.replyToId,
          attachments: files.map((f) => ({
            file_name: f.fileName,
            file_size: f.fileSize,
            mime_type: f.mimeType,
          })),
          created_at: m.createdAt.toISOString(),
          edited_at: m.editedAt?.toISOString() ?? null,
        };
      }),
  }));
  return {
    format: 'makan-data-export',
    version: 1,
    generated_at: now.toISOString(),
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      phone: account.phone,
      user_type: account.userType,
      language: account.language,
      bio: account.bio,
      link: account.link,
      hide_contact: account.hideContact,
      show_presence: account.showPresence,
      verification_method: account.verificationMethod,
      email_verified_at: account.emailVerifiedAt?.toISOString() ?? null,
      phone_verified_at: account.phoneVerifiedAt?.toISOString() ?? null,
      created_at: account.createdAt.toISOString(),
      linked_accounts: source.social.map((s) => ({
        provider: s.provider,
        email: s.email,
        linked_at: s.createdAt.toISOString(),
      })),
    },
    preferences: source.preferences
      ? {
          purpose: source.preferences.purpose,
          property_types: source.preferences.propertyTypes,
          preferred_location_ids: source.preferences.preferredLocations,
        }
      : null,
    posts: source.ownPosts.map((p) => ({
      id: p.id,
      description: p.description,
      property_type: p.propertyType,
      city_id: p.cityId,
      location: p.customLocation,
      purpose: p.purpose,
      price: p.price,
      currency: p.currency,
      area_m2: p.areaM2,
      status: p.status,
      licence_number: p.licenceNumber,
      photos: photosOf(p.id).map((m) => ({
        file_name: m.fileName,
        url: imageUrl('post', m.key),
        width: m.width,
        height: m.height,
      })),
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
    })),
    comments: source.ownComments.map((c) => ({
      id: c.id,
      post_id: c.postId,
      parent_id: c.parentId,
      body: c.body,
      created_at: c.createdAt.toISOString(),
    })),
    likes: source.liked.map((l) => ({ post_id: l.postId, at: l.createdAt.toISOString() })),
    bookmarks: source.saved.map((b) => ({ post_id: b.postId, at: b.createdAt.toISOString() })),
    saved_searches: source.searches.map((s) => ({
      name: s.name,
      keyword: s.keyword,
      property_types: s.propertyTypes,
      city_ids: s.cityIds,
      purpose: s.purpose,
      currency: s.currency,
      price_min: s.priceMin,
      price_max: s.priceMax,
      area_min: s.areaMin,
      area_max: s.areaMax,
      frequency: s.frequency,
      paused: s.paused,
      created_at: s.createdAt.toISOString(),
    })),
    following: source.following,
    followers: source.followers,
    blocked: source.blocked.map((b) => ({ id: b.id, name: b.name, at: b.createdAt.toISOString() })),
    conversations,
    media,
  };
}

/**
 * The account jobs in the background: accounts whose grace period ended are erased (their files
 * after the commit), exports asked for are prepared, expired archives deleted. The work lives in
 * the database, so a restart or another process carries on where one stopped. `runOnce` is one
 * pass; `start` runs a pass now and every `everyMs`; `kick` asks for a pass soon (a new export).
 */
export function createAccountJobs(deps: AccountJobsDeps) {
  const { data, clock, log } = deps;

  async function eraseDue(): Promise<number> {
    let erased = 0;
    for (const userId of await data.dueForErasure(clock.now(), ERASE_BATCH)) {
      const files = await data.erase(userId, clock.now());
      if (!files) continue;
      erased += 1;
      const removals = [
        ...files.pictures.map((key) => deps.removeImage('picture', key)),
        ...files.covers.map((key) => deps.removeImage('cover', key)),
        ...files.postPhotos.map((key) => deps.removeImage('post', key)),
        ...files.chatFiles.map((file) => deps.removeChatFile(file)),
        ...files.exports.map((key) => deps.exportsStore.delete(exportKey(key))),
        ...files.verificationDocuments.map((name) => deps.verificationStore.delete(name)),
      ];
      // A file left behind by a failed removal is named by no row: the media sweep takes it later.
      for (const result of await Promise.allSettled(removals)) {
        if (result.status === 'rejected')
          log.warn({ err: result.reason, userId }, 'erased account: a file stayed');
      }
      log.info({ userId }, 'account erased');
    }
    return erased;
  }

  async function prepareOne(): Promise<boolean> {
    const now = clock.now();
    const row = await data.claimExport(now, new Date(now.getTime() - EXPORT_STALE_MS));
    if (!row) return false;
    try {
      const source = await data.gatherExport(row.userId);
      if (!source) return true; // the account is gone; its rows went with it
      const archive = buildArchive(source, deps.imageUrl, now);
      // A put is whole or nothing (media-store.ts): a download never meets half an archive.
      const bytes = Buffer.from(JSON.stringify(archive, null, 2));
      await deps.exportsStore.put(exportKey(row.fileKey), bytes, 'application/json');
      const size = bytes.length;
      const done = clock.now();
      await data.finishExport(row.id, {
        status: 'ready',
        fileSize: size,
        now: done,
        expiresAt: new Date(done.getTime() + DATA_EXPORT_DAYS * DAY_MS),
      });
      const { account } = source;
      await deps.notifier
        .email(
          account.email,
          exportReadyEmail(
            account.language,
            account.name,
            `${deps.publicUrl}/settings#your-data`,
            DATA_EXPORT_DAYS,
          ),
        )
        .catch((err: unknown) => log.warn({ err, exportId: row.id }, 'export ready: email not sent'));
    } catch (err) {
      log.warn({ err, exportId: row.id, attempts: row.attempts }, 'export failed');
      if (row.attempts >= EXPORT_MAX_ATTEMPTS) {
        await data.finishExport(row.id, {
          status: 'failed',
          fileSize: null,
          now: clock.now(),
          expiresAt: null,
        });
      }
    }
    return true;
  }

  async function prepareExports(): Promise<number> {
    let prepared = 0;
    while (prepared < EXPORTS_PER_PASS && (await prepareOne())) prepared += 1;
    return prepared;
  }

  async function removeExpired(): Promise<number> {
    const keys = await data.deleteExpiredExports(clock.now());
    await Promise.all(keys.map((key) => deps.exportsStore.delete(exportKey(key))));
    return keys.length;
  }

  async function runOnce() {
    const erased = await eraseDue();
    const exports = await prepareExports();
    const expired = await removeExpired();
    return { erased, exports, expired };
  }

  const loop = createWorkerLoop({ name: 'account jobs', runOnce, log });
  return { runOnce, ...loop };
}
