import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";
import { verifyOwnerPassword } from "../app/server/admin/owner-password.server";

const PASSWORD = "correct horse battery";

function ownerHash(input: string) {
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/owner-hash.ts"], { input, encoding: "utf8" });
  return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr.trim() };
}

it.each([
  ["one line", `${PASSWORD}\n`],
  ["no line break", PASSWORD],
  ["the password and the same again, as at the two prompts", `${PASSWORD}\n${PASSWORD}\n`],
  ["Windows line breaks", `${PASSWORD}\r\n${PASSWORD}\r\n`],
])("piped as %s, it prints a hash of exactly the password", async (_name, input) => {
  const { status, stdout } = ownerHash(input);
  expect(status).toBe(0);
  expect(await verifyOwnerPassword(PASSWORD, stdout)).toBe(true);
  expect(await verifyOwnerPassword(`${PASSWORD}\n${PASSWORD}`, stdout)).toBe(false);
});

it("refuses two different lines, and more than two, printing nothing", () => {
  for (const input of [`${PASSWORD}\nsomething else\n`, `${PASSWORD}\n${PASSWORD}\nthird\n`]) {
    const { status, stdout, stderr } = ownerHash(input);
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/nothing printed/);
  }
});
