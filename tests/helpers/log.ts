import type { MockInstance } from "vitest";

/** What a spied logger method was called with, as text: messages, error messages and fields. */
export function loggedText(spy: MockInstance): string {
  const describe = (arg: unknown): string => {
    if (typeof arg === "string") return arg;
    if (arg instanceof Error) return arg.message;
    if (arg && typeof arg === "object") return Object.values(arg).map(describe).join(" ");
    return String(arg);
  };
  return spy.mock.calls.flat().map(describe).join(" ");
}
