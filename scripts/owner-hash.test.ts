/**
 * `npm run owner:hash`. Every way of piping the password is read by the function the command
 * calls (in this process); the command itself runs twice (a process each, and the production
 * scrypt parameters): once printing a hash of exactly the password, once refusing.
 */
import { spawnSync } from "node:child_process";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { verifyOwnerPassword } from "../app/server/admin/owner-password.server";
import { readPipedPassword } from "./owner-hash";

const PASSWORD = "correct horse battery";

function ownerHash(input: string) {
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/owner-hash.ts"], { input, encoding: "utf8" });
  return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr.trim() };
}

const piped = (input: string) => readPipedPassword(Readable.from([input]));

it.each([
  ["one line", `${PASSWORD}\n`],
  ["no line break", PASSWORD],
  ["the password and the same again, as at the two prompts", `${PASSWORD}\n${PASSWORD}\n`],
  ["Windows line breaks", `${PASSWORD}\r\n${PASSWORD}\r\n`],
])("piped as %s, it reads exactly the password", async (_name, input) => {
  expect(await piped(input)).toEqual({ password: PASSWORD });
});

it("refuses two different lines, and more than two", async () => {
  expect(await piped(`${PASSWORD}\nsomething else\n`)).toEqual({ refused: expect.stringMatching(/differ; nothing printed/) });
  expect(await piped(`${PASSWORD}\n${PASSWORD}\nthird\n`)).toEqual({ refused: expect.stringMatching(/one line.*nothing printed/) });
});

describe("the command", () => {
  it("piped the password twice (Windows line breaks), prints a hash of exactly the password", async () => {
    const { status, stdout } = ownerHash(`${PASSWORD}\r\n${PASSWORD}\r\n`);
    expect(status).toBe(0);
    expect(await verifyOwnerPassword(PASSWORD, stdout)).toBe(true);
    expect(await verifyOwnerPassword(`${PASSWORD}\n${PASSWORD}`, stdout)).toBe(false);
  });

  it("refuses two different lines, printing nothing", () => {
    const { status, stdout, stderr } = ownerHash(`${PASSWORD}\nsomething else\n`);
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/nothing printed/);
  });
});
