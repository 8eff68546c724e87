// The laptop host in a process of its own, as `npm start` runs it, for tests that kill it for real
// (SIGKILL: no shutdown, no flush, executions lost mid-way). Started as
// `tsx test/support/host-process.ts <dataDir> <port>` (port 0: a free one). It writes one line
// `@@{"ready":{"url","port"}}` once it answers, then answers the test's commands, one JSON line
// each on stdin (`{"id","cmd","args"}`), with `@@{"id","result"}` or `@@{"id","error"}`:
//   - `student`: a confirmed, logged-in free student with a subject and a ready course file;
//   - `sweep`: the podcast recovery sweep run as its schedule would at `args.at`;
//   - `audio`: the podcast audio objects stored for `args.user`'s podcast `args.podcast`.
// It exits when stdin closes (its test ended).
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createInterface } from 'node:readline';
import { storage } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { startLocalHost } from '../../lib/local/host.js';
import { coursePdf } from './fixtures.js';
import { api, newUser, type TestHost } from './host.js';
import { createSubject, uploadAndWait } from './uploads.js';

const [dataDir, port] = process.argv.slice(2);

const say = (message: unknown) => process.stdout.write(`@@${JSON.stringify(message)}\n`);

async function main(): Promise<void> {
  const host = (await startLocalHost({ port: Number(port ?? 0), dataDir, quiet: true })) as unknown as TestHost;
  const commands: Record<string, (args: Record<string, string>) => Promise<unknown>> = {
    async student(args) {
      const user = await newUser(host);
      const subject = await createSubject(host, user.accessToken, 'Biologie');
      const pdf = await coursePdf(JSON.parse(args.pages) as string[], { title: 'Biologie' });
      const file = await uploadAndWait(host, user.accessToken, subject.id, 'Biologie.pdf', pdf, 60_000);
      if (file.view.status !== 'ready') throw new Error(`the course file is ${file.view.status}`);
      return { token: user.accessToken, sub: user.sub, subjectId: subject.id, fileId: file.id };
    },
    sweep: async (args) => host.functions.runSchedule('PodcastRecovery', new Date(args.at)),
    async audio(args) {
      const out = await storage().send(new ListObjectsV2Command({ Bucket: config().UPLOADS_BUCKET, Prefix: `${args.user}/podcasts/${args.podcast}/` }));
      return (out.Contents ?? []).map((o) => o.Key);
    },
  };
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const { id, cmd, args } = JSON.parse(line) as { id: number; cmd: string; args: Record<string, string> };
    (commands[cmd] ?? (async () => Promise.reject(new Error(`unknown command ${cmd}`))))(args).then(
      (result) => say({ id, result }),
      (err: unknown) => say({ id, error: err instanceof Error ? err.stack ?? err.message : String(err) }),
    );
  });
  lines.on('close', () => process.exit(0));
  // Answers before saying it is ready (the first request also loads the route's handler).
  await api(host, '/api/health');
  say({ ready: { url: host.url, port: host.port } });
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
