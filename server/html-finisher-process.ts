/**
 * The page finisher's own process (forked by server/html-finisher.ts): it holds the HTML parser
 * and the critical-CSS tool, so the serving process never loads them and never spends its event
 * loop on them. One message in (`{ id, html, nonce }`), one out (`{ id, html, scriptHashes }` or
 * `{ id, error }`), pages one after another.
 */
import { createPageFinisher } from "../app/server/document/page-finish.server.ts";
import { createLogger } from "../app/server/log.server.ts";

const log = createLogger();

const clientDir = process.argv[2];
if (!clientDir || !process.send) {
  log.fatal("server/html-finisher-process.ts is forked by server/html-finisher.ts with the client build's folder");
  process.exit(2);
}
const finish = createPageFinisher(clientDir);

type Job = { id: number; html: string; nonce: string };
let queue = Promise.resolve();
process.on("message", (job: Job) => {
  queue = queue.then(async () => {
    try {
      const page = await finish(job.html, job.nonce);
      process.send!({ id: job.id, ...page });
    } catch (error) {
      process.send!({ id: job.id, error: (error as Error).message });
    }
  });
});
// The server went away: so does its finisher.
process.on("disconnect", () => process.exit(0));
