import { describe, expect, it } from "vitest";
import { lineDiff } from "~/lib/line-diff";

describe("lineDiff", () => {
  it("keeps common lines and marks the removed and added ones in order", () => {
    expect(lineDiff("a\nb\nc\nd", "a\nc\nx\nd")).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "same", text: "c" },
      { kind: "added", text: "x" },
      { kind: "same", text: "d" },
    ]);
  });

  it("reads CRLF and LF line breaks alike", () => {
    expect(lineDiff("a\nb", "a\r\nb")).toEqual([
      { kind: "same", text: "a" },
      { kind: "same", text: "b" },
    ]);
  });

  it("handles an empty side", () => {
    expect(lineDiff("", "one")).toEqual([
      { kind: "removed", text: "" },
      { kind: "added", text: "one" },
    ]);
    expect(lineDiff("same", "same")).toEqual([{ kind: "same", text: "same" }]);
  });
});
