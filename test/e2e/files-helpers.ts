// Steps and fixtures of the subjects and files journeys: a signed-in, onboarded student in the
// browser, course PDFs written with pdf-lib (French text, a few pages) and photos of pages drawn
// with @napi-rs/canvas (a HEIC one encoded by heif-enc, from Debian's libheif-examples). Fixtures
// are generated here, never downloaded.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { updateProfileFields } from '../../functions/platform/store/profiles.js';
import { api, newUser, type TestUser } from '../support/host.js';
import { createSubject, uploadFile, waitForFinal } from '../support/uploads.js';
import { acceptCookies, logIn, newPage, type TestHost } from './helpers.js';

export interface FileFixture {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A student who finished onboarding, logged in through the login modal, on /subjects. */
export async function signedInStudent(
  host: TestHost,
  browser: Browser,
  opts: { language?: 'fr' | 'en' } = {},
): Promise<{ user: TestUser; context: BrowserContext; page: Page }> {
  const user = await newUser(host);
  const onboarding = await api(host, '/api/onboarding', {
    method: 'POST',
    token: user.accessToken,
    body: { language: opts.language ?? 'fr', education_level: 'licence', specialization: 'Histoire', school: null },
  });
  if (onboarding.status !== 200) throw new Error(`Onboarding failed: ${onboarding.status} ${JSON.stringify(onboarding.body)}`);
  const { context, page } = await newPage(browser);
  if (opts.language === 'en') await context.addInitScript("localStorage.setItem('language', 'en')");
  await page.goto(host.url);
  await acceptCookies(page);
  if (opts.language === 'en') {
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('E-mail').fill(user.email);
    await modal.getByLabel('Password', { exact: true }).fill(user.password);
    await modal.getByRole('button', { name: 'Log in', exact: true }).click();
  } else {
    await logIn(page, user.email, user.password);
  }
  await page.waitForURL('**/subjects');
  return { user, context, page };
}

/** Subjects created through the API, as if made earlier. */
export async function createSubjects(host: TestHost, user: TestUser, names: string[]): Promise<{ id: string; name: string }[]> {
  const out: { id: string; name: string }[] = [];
  for (const name of names) {
    const res = await api(host, '/api/subjects', { method: 'POST', token: user.accessToken, body: { name } });
    if (res.status !== 201) throw new Error(`Creating ${name} failed: ${res.status} ${JSON.stringify(res.body)}`);
    out.push(res.body);
  }
  return out;
}

const wrap = (text: string, width: number, measure: (s: string) => number): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) > width && line) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
};

/**
 * A course PDF: one page per entry of `pages`, each with a heading and French paragraphs.
 * `paddingBytes` adds an attachment of random bytes, so that the upload takes long enough for its
 * progress to be seen.
 */
export async function coursePdf(name: string, title: string, pages: string[], paddingBytes = 0): Promise<FileFixture> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  pages.forEach((text, i) => {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`${title} — page ${i + 1}`, { x: 56, y: 780, size: 18, font: bold, color: rgb(0.1, 0.1, 0.3) });
    let y = 740;
    for (const line of wrap(text, 480, (s) => font.widthOfTextAtSize(s, 12))) {
      page.drawText(line, { x: 56, y, size: 12, font });
      y -= 18;
    }
  });
  if (paddingBytes > 0) {
    await doc.attach(randomBytes(paddingBytes), 'annexe.bin', { mimeType: 'application/octet-stream', description: 'Annexe' });
  }
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

/**
 * A photo of a page: dark text on white paper, as PNG or JPEG. `sideways` stores the JPEG as a
 * phone held sideways does: pixels turned a quarter, with EXIF orientation 6 saying how to show it.
 */
export function pagePhoto(name: string, lines: string[], format: 'png' | 'jpeg', opts: { sideways?: boolean } = {}): FileFixture {
  const [width, height] = [1240, 1754];
  const canvas = opts.sideways ? createCanvas(height, width) : createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (opts.sideways) {
    // Upright (x, y) lands at stored (y, width - x): a quarter turn anticlockwise.
    ctx.translate(0, width);
    ctx.rotate(-Math.PI / 2);
  }
  ctx.fillStyle = '#111111';
  ctx.font = 'bold 64px "DejaVu Sans"';
  ctx.fillText(lines[0] ?? '', 100, 200);
  ctx.font = '48px "DejaVu Sans"';
  lines.slice(1).forEach((line, i) => ctx.fillText(line, 100, 330 + i * 90));
  if (format === 'png') return { name, mimeType: 'image/png', buffer: canvas.toBuffer('image/png') };
  const jpeg = canvas.toBuffer('image/jpeg', 92);
  return { name, mimeType: 'image/jpeg', buffer: opts.sideways ? withExifOrientation(jpeg, 6) : jpeg };
}

/** A photo of a page as an iPhone stores it: HEIC (HEVC still image), encoded by heif-enc. */
export function heicPagePhoto(name: string, lines: string[]): FileFixture {
  const dir = mkdtempSync(path.join(tmpdir(), 'revise-heic-'));
  try {
    const jpeg = path.join(dir, 'page.jpg');
    const heic = path.join(dir, 'page.heic');
    writeFileSync(jpeg, pagePhoto('page.jpg', lines, 'jpeg').buffer);
    try {
      execFileSync('heif-enc', ['--quality', '85', '--output', heic, jpeg], { stdio: 'pipe' });
    } catch (err) {
      throw new Error('heif-enc could not encode the HEIC fixture (apt-get install -y libheif-examples)', { cause: err });
    }
    return { name, mimeType: 'image/heic', buffer: readFileSync(heic) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The JPEG with an EXIF segment holding only the Orientation tag (0x0112). */
function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.from([
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, // big-endian TIFF header, IFD at 8
    0x00, 0x01, // one entry
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00, // Orientation, SHORT, 1
    0x00, 0x00, 0x00, 0x00, // no next IFD
  ]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const segment = Buffer.concat([Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
  // After SOI and the JFIF segment, if any.
  let at = 2;
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0) at = 4 + jpeg.readUInt16BE(4);
  return Buffer.concat([jpeg.subarray(0, at), segment, jpeg.subarray(at)]);
}

/** The date part of the photo PDF's name, in the browser's time zone (helpers.newPage: Paris). */
export function parisDate(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Slows the browser's uploads (Chrome DevTools network emulation); resolves with the way back. */
export async function throttleUploads(context: BrowserContext, page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  const conditions = (upload: number) => ({ offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: upload });
  await session.send('Network.emulateNetworkConditions', conditions(bytesPerSecond));
  return async () => {
    await session.send('Network.emulateNetworkConditions', conditions(-1));
    await session.detach();
  };
}

/** The files of a subject through the API. */
export async function listFiles(host: TestHost, user: TestUser, subjectId: string) {
  const res = await api(host, `/api/subjects/${subjectId}/files`, { token: user.accessToken });
  if (res.status !== 200) throw new Error(`Listing files failed: ${res.status}`);
  return res.body.files as { id: string; display_name: string; status: string; page_count: number | null }[];
}

/** A subject holding one course PDF (`pages`, headed `title`), uploaded through the API and ready to be read. */
export async function readyCourse(
  host: TestHost,
  user: TestUser,
  course: { subject: string; file: string; title: string; pages: string[] },
): Promise<{ subjectId: string; fileId: string }> {
  const subject = await createSubject(host, user.accessToken, course.subject);
  const pdf = await coursePdf('course.pdf', course.title, course.pages);
  const { start, complete } = await uploadFile(host, user.accessToken, subject.id, pdf.name, pdf.buffer, course.file);
  if (!complete || complete.status !== 200) throw new Error(`Upload failed: ${start.status} ${JSON.stringify(complete?.body ?? start.body)}`);
  const file = await waitForFinal(host, user.accessToken, subject.id, start.body.file.id, 90_000);
  if (file.status !== 'ready') throw new Error(`The course did not become ready: ${JSON.stringify(file)}`);
  return { subjectId: subject.id, fileId: file.id };
}

/** A new student, onboarded in French (licence, biology), on a month's Premium trial. */
export async function onboardedPremium(host: TestHost): Promise<TestUser> {
  const user = await newUser(host);
  const onboarding = await api(host, '/api/onboarding', {
    method: 'POST',
    token: user.accessToken,
    body: { language: 'fr', education_level: 'licence', specialization: 'Biologie', school: null },
  });
  if (onboarding.status !== 200) throw new Error(`onboarding answered ${onboarding.status}`);
  await makePremium(user);
  return user;
}

/** A free trial running for a month: Premium everywhere. */
export async function makePremium(user: TestUser): Promise<void> {
  await updateProfileFields(
    user.sub,
    { is_subscribed: true, subscription_status: 'trialing', trial_end: new Date(Date.now() + 30 * 86_400_000).toISOString() },
    new Date(),
  );
}
