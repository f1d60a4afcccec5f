import { describe, expect, it } from "vitest";
import { ArticleFrontmatterSchema } from "~/content/articles";
import { parseMarkdownFile, renderArticleMarkdown } from "~/content/markdown.server";

const frontmatter = `---
title: How to Build a Sinking Fund
subtitle: Small monthly savings for the bills you know are coming
excerpt: Save a little each month for the bills you know are coming, and stop dreading them.
description: A sinking fund turns big yearly bills into small monthly savings you can plan for.
category: Saving Money
date: 2026-01-15
reviewed: 2026-01-15
readingMinutes: 4
imageAlt: A jar of coins on a kitchen table
order: 1
---
`;

describe("a Markdown article's pictures", () => {
  it.each(["../../etc/passwd", "/images/../x.png", "/images/./x.png", "https://cdn.example/x.png"])(
    "%s outside /images/ fails validation naming the file and the address",
    (path) => {
      expect(() =>
        parseMarkdownFile("app/content/articles/sinking-fund.md", `${frontmatter}\nText.\n\n![A jar](${path})\n`, ArticleFrontmatterSchema),
      ).toThrow(
        `Invalid picture in app/content/articles/sinking-fund.md: A picture must be a file in this site's /images/ folder, its address without "..": "${path}" is not`,
      );
    },
  );

  it("keeps a picture under /images/", () => {
    const parsed = parseMarkdownFile(
      "app/content/articles/sinking-fund.md",
      `${frontmatter}\nText.\n\n![A jar](/images/uploads/1-960.webp)\n`,
      ArticleFrontmatterSchema,
    );
    expect(parsed.html).toContain('<img src="/images/uploads/1-960.webp" alt="A jar"');
  });

  it("drops a picture written as HTML whose address leaves /images/", () => {
    expect(renderArticleMarkdown('<img src="/images/../x.png" alt="x">\n\n<img src="/images/a.webp" alt="a">')).toBe(
      '<img src="/images/a.webp" alt="a" loading="lazy" decoding="async" />',
    );
  });
});
