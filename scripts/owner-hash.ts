/**
 * `npm run owner:hash`: reads the owner's password from standard input (typed at a prompt, not
 * echoed, or piped: `printf '%s' "$PASSWORD" | npm run -s owner:hash`) and prints the value to
 * put in OWNER_PASSWORD_HASH. The password itself is never stored or printed.
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { hashOwnerPassword, MIN_PASSWORD_LENGTH } from "../app/server/admin/owner-password.server";

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = "";
    for await (const chunk of process.stdin) text += String(chunk);
    // One trailing line break is the end of the line typed or echoed, not part of the password.
    return text.replace(/\r?\n$/, "");
  }
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const ask = (prompt: string) =>
    new Promise<string>((resolve) => {
      muted = false;
      process.stderr.write(prompt);
      muted = true;
      rl.question("", (answer) => {
        process.stderr.write("\n");
        resolve(answer);
      });
    });
  const first = await ask("Owner password: ");
  const again = await ask("Again: ");
  rl.close();
  if (first !== again) {
    console.error("The two passwords differ; nothing printed.");
    process.exit(1);
  }
  return first;
}

const password = await readPassword();
if (password.length < MIN_PASSWORD_LENGTH) {
  console.error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters; nothing printed.`);
  process.exit(1);
}
console.log(hashOwnerPassword(password));
if (process.stdout.isTTY)
  console.error("Put this line in OWNER_PASSWORD_HASH, with SESSION_SECRET (openssl rand -base64 48), and restart the server.");
