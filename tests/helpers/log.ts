import type { MockInstance } from "vitest";

/** A logger call's words: its messages, an error's message, an object's fields. */
export function logWords(args: readonly unknown[]): string {
  const describe = (arg: unknown): string => {
    if (typeof arg === "string") return arg;
    if (arg instanceof Error) return arg.message;
    if (arg && typeof arg === "object") return Object.values(arg).map(describe).join(" ");
    return String(arg);
  };
  return args.map(describe).join(" ");
}

/** What a spied logger method was called with, as text: messages, error messages and fields. */
export function loggedText(spy: MockInstance): string {
  return logWords(spy.mock.calls.flat());
}
