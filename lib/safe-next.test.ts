import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next";

describe("where a login may send the user next", () => {
  it.each([
    ["/s/1/values?period=WEEK", "/s/1/values?period=WEEK"],
    ["/webhooks#log", "/webhooks#log"],
    ["/s/1/../2", "/s/2"],
  ])("keeps the site's own path %s", (next, expected) => expect(safeNext(next)).toBe(expected));

  it.each([
    undefined,
    "",
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example/",
    "/\\127.0.0.9:4208/",
    "/\t/evil.example/",
    "/\n/evil.example",
    "/%09/evil.example", // as the browser's query decoding leaves it: a tab
    "\t//evil.example",
    "javascript:alert(1)",
    "/./\\evil.example",
  ])("refuses %j and goes home instead", (next) => {
    const decoded = next?.replace("%09", "\t");
    expect(safeNext(decoded)).toBe("/");
  });
});
