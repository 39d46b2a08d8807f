import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { TEXT } from '@makan/contract/texts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import type { App } from '../../lib/http.ts';
import { capturedMessages } from '../../test/auth-helpers.ts';
import { type FileSpec, multipartBody } from '../../test/form.ts';
import { createListing } from '../../test/listings.ts';
import { createTestApp } from '../../test/test-app.ts';
import { requestAs, signedInUser } from '../../test/users.ts';

/**
 * Verified companies (issue 21): a developer account asks with its registration number and a
 * document checked from its bytes and kept privately; moderators see it, approve (the badge on the
 * profile, the directory and its filter, the listings) or refuse with a reason; one request at a time.
 */

const messages = capturedMessages();
let app: App;
let database: DatabaseHandle;
let dataDir: string;
type User = Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  let config: { dataDir: string };
  ({ app, database, config } = await createTestApp({}, { mailer: messages.mailer, sms: messages.sms }));
  dataDir = config.dataDir;
});
afterAll(async () => {
  await app?.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const pdf = (name = 'certificate.pdf'): FileSpec => ({ name, bytes: PDF, type: 'application/pdf' });

async function ask(user: User, fields: Record<string, string>, files: FileSpec[]) {
  const body = await multipartBody(fields, files, 'document');
  return app.inject({
    method: 'POST',
    url: '/api/company-verification',
    payload: body.payload,
    headers: { ...user.auth, ...body.headers },
  });
}

const api = requestAs(() => app);

async function moderator() {
  const user = await signedInUser(app, messages, { name: 'Verifying Moderator' });
  await database.db.execute(sql`update users set role = 'moderator' where id = ${user.id}`);
  return user;
}

const documents = () => {
  const dir = path.join(dataDir, 'verification');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('company verification', () => {
  it('is for developer accounts, needs a registration number and a real document, checked from its bytes', async () => {
    const retail = await signedInUser(app, messages);
    const company = await signedInUser(app, messages, { user_type: 'developer' });
    const refused = await ask(retail, { registration_number: '1010123456' }, [pdf()]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(TEXT.verificationCompanyOnly);

    const noNumber = await ask(company, {}, [pdf()]);
    expect(noNumber.json().errors.registration_number).toEqual([TEXT.required]);
    const badNumber = await ask(company, { registration_number: '!!' }, [pdf()]);
    expect(badNumber.json().errors.registration_number).toEqual([TEXT.registrationNumberInvalid]);
    const noDocument = await ask(company, { registration_number: '1010123456' }, []);
    expect(noDocument.json().errors.document).toEqual([TEXT.verificationDocumentRequired]);
    // A text file named .pdf is not a PDF.
    const fake = await ask(company, { registration_number: '1010123456' }, [
      { name: 'certificate.pdf', bytes: Buffer.from('just some words'), type: 'application/pdf' },
    ]);
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.document).toEqual([TEXT.verificationDocumentInvalid]);
    expect(documents()).toEqual([]);

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const done = await ask(company, { registration_number: ' 1010123456 ' }, [
      { name: 'scan.png', bytes: png, type: 'image/png' },
    ]);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({
      message: TEXT.verificationRequested,
      data: {
        company_verified: false,
        verification: { status: 'pending', registration_number: '1010123456', document_type: 'png' },
      },
    });
    expect(documents()).toHaveLength(1);
    // One at a time.
    const again = await ask(company, { registration_number: '1010123456' }, [pdf()]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TEXT.verificationPending);
    expect(documents()).toHaveLength(1);
    // The document is not public: not under /media, and the console's address needs staff.
    const item = (await api(await moderator(), 'GET', '/api/admin/verifications'))
      .json()
      .data.items.find((i: { user: { id: number } }) => i.user.id === company.id);
    expect((await api(company, 'GET', item.document_url)).statusCode).toBe(403);
    expect((await api(null, 'GET', item.document_url)).statusCode).toBe(401);
  });

  it('approved: the badge on the profile, the directory and its filter, and the listings; refused: the reason, and asking again', async () => {
    const mod = await moderator();
    const company = await signedInUser(app, messages, {
      user_type: 'developer',
      name: 'Al Noor Developments',
    });
    const other = await signedInUser(app, messages, { user_type: 'developer', name: 'Unverified Builders' });
    const viewer = await signedInUser(app, messages);
    expect((await ask(company, { registration_number: '4030000001' }, [pdf()])).statusCode).toBe(201);
    expect((await ask(other, { registration_number: '4030000002' }, [pdf()])).statusCode).toBe(201);

    expect((await api(viewer, 'GET', '/api/admin/verifications')).statusCode).toBe(403);
    const queue = (await api(mod, 'GET', '/api/admin/verifications')).json().data.items as {
      id: number;
      user: { id: number };
      document_url: string;
    }[];
    const mine = queue.find((i) => i.user.id === company.id);
    const theirs = queue.find((i) => i.user.id === other.id);
    if (!mine || !theirs) throw new Error('both requests should be pending');
    const document = await api(mod, 'GET', mine.document_url);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.rawPayload.equals(PDF)).toBe(true);

    const approved = await api(mod, 'POST', `/api/admin/verifications/${mine.id}/approve`);
    expect(approved.json().message).toBe(TEXT.verificationApproved);
    expect((await api(mod, 'POST', `/api/admin/verifications/${mine.id}/approve`)).statusCode).toBe(404);
    const noReason = await api(mod, 'POST', `/api/admin/verifications/${theirs.id}/refuse`, { reason: '' });
    expect(noReason.json().errors.reason).toEqual([TEXT.moderationReasonRequired]);
    await api(mod, 'POST', `/api/admin/verifications/${theirs.id}/refuse`, {
      reason: 'The certificate has expired',
    });

    expect((await api(company, 'GET', '/api/user')).json().data.company_verified).toBe(true);
    expect((await api(viewer, 'GET', `/api/profiles/${company.id}`)).json().data.company_verified).toBe(true);
    expect((await api(viewer, 'GET', `/api/profiles/${other.id}`)).json().data.company_verified).toBe(false);
    const filtered = (
      await api(viewer, 'GET', '/api/profiles-list/all?verified_company=true&per_page=50')
    ).json().data.users as { id: number; company_verified: boolean }[];
    expect(filtered.map((u) => u.id)).toContain(company.id);
    expect(filtered.map((u) => u.id)).not.toContain(other.id);
    expect(filtered.every((u) => u.company_verified)).toBe(true);
    const post = await createListing(app, company, 'Verified offices');
    expect((await api(viewer, 'GET', `/api/posts/${post}`)).json().data.user.company_verified).toBe(true);
    // In chat too: the conversation's other participant, and the sender of a message.
    const chat = (await api(viewer, 'POST', '/api/chat/conversations', { user_id: company.id })).json().data;
    expect(chat.other_participant).toMatchObject({ id: company.id, company_verified: true });
    const listed = (await api(viewer, 'GET', '/api/chat/conversations')).json().data.conversations as {
      id: number;
      other_participant: { company_verified: boolean } | null;
    }[];
    expect(listed.find((c) => c.id === chat.id)?.other_participant?.company_verified).toBe(true);
    const reverse = (await api(company, 'POST', '/api/chat/conversations', { user_id: viewer.id })).json()
      .data;
    expect(reverse.other_participant).toMatchObject({ id: viewer.id, company_verified: false });

    const state = (await api(other, 'GET', '/api/company-verification')).json().data;
    expect(state).toMatchObject({
      company_verified: false,
      verification: { status: 'refused', reason: 'The certificate has expired' },
    });
    expect(messages.mails.filter((m) => m.to === other.email).at(-1)?.text).toContain(
      'The certificate has expired',
    );
    expect(messages.mails.filter((m) => m.to === company.email).at(-1)?.subject).toBe(
      'Your company is verified on Makan',
    );
    // Refused, it may ask again; verified, it has nothing more to ask.
    expect((await ask(other, { registration_number: '4030000002' }, [pdf()])).statusCode).toBe(201);
    const twice = await ask(company, { registration_number: '4030000001' }, [pdf()]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(TEXT.verificationAlreadyApproved);

    const audit = (await api(mod, 'GET', `/api/admin/audit?target_user_id=${company.id}`)).json().data
      .entries;
    expect(audit[0]).toMatchObject({ action: 'approve_verification', moderator: { id: mod.id } });
  });
});
