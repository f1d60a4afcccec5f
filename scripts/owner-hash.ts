/**
 * `npm run owner:hash`: reads the owner's password from standard input (typed at a prompt, not
 * echoed, or piped one line per prompt: `printf '%s\n' "$PASSWORD" | npm run -s owner:hash`) and prints the value to
 * put in OWNER_PASSWORD_HASH. The password itself is never stored or printed.
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { pathToFileURL } from "node:url";
import { hashOwnerPassword, MIN_PASSWORD_LENGTH } from "../app/server/admin/owner-password.server";

/**
 * Piped: one line per prompt, as a person would type them: the password, then optionally the
 * same again. Anything after the second line is refused rather than guessed at. Exported for the
 * tests, which check each way of piping it without starting a process each.
 */
export async function readPipedPassword(input: NodeJS.ReadableStream): Promise<{ password: string } | { refused: string }> {
  const lines: string[] = [];
  for await (const line of createInterface({ input, crlfDelay: Infinity })) lines.push(line);
  const [first = "", again, ...rest] = lines;
  if (rest.some((line) => line !== ""))
    return { refused: "Expected the password on one line (and optionally the same again on a second); nothing printed." };
  if (again !== undefined && again !== "" && again !== first) return { refused: "The two passwords differ; nothing printed." };
  return { password: first };
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const piped = await readPipedPassword(process.stdin);
    if ("refused" in piped) fail(piped.refused);
    return piped.password;
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
  if (first !== again) fail("The two passwords differ; nothing printed.");
  return first;
}

async function main() {
  const password = await readPassword();
  if (password.length < MIN_PASSWORD_LENGTH) {
    console.error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters; nothing printed.`);
    process.exit(1);
  }
  console.log(hashOwnerPassword(password));
  if (process.stdout.isTTY)
    console.error("Put this line in OWNER_PASSWORD_HASH, with SESSION_SECRET (openssl rand -base64 48), and restart the server.");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
