// End-to-end tests of a rules script written on the page: the script's text travels in each
// request (the server reads no files), a partizan script is played as the catalogue's
// partizan games are, and an edit of the script or a broken one is answered at once.
//
// Run: cargo build -p sprague-cli && (cd tests/browser && npm ci && npm test)

import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { open, idle, text, chooseGame, typePosition, cli } from "./harness.mjs";

const outcome = (page) => page.getAttribute("#verdict [data-outcome]", "data-outcome");
const value = async (page) => ((await page.locator("#verdict [data-value]").count())
  ? page.getAttribute("#verdict [data-value]", "data-value") : null);

async function typeScript(page, script) {
  await page.fill("#script", script);
  // The script box waits for typing to pause before it asks the server again.
  await page.waitForTimeout(800);
  await idle(page);
}

test("a partizan rules script written on the page gets the command line's verdict", async () => {
  const page = await open();
  await chooseGame(page, "rules");
  assert.equal(await page.isHidden("#script-label"), false, "the script box is shown");
  const script = await page.inputValue("#script");
  assert.match(script, /left_options/);
  const dir = mkdtempSync(join(tmpdir(), "sprague-script-"));
  const file = join(dir, "mine.luau");
  writeFileSync(file, script);
  for (const position of [await text(page), "..#..|.....", "....|...."]) {
    if (position !== await text(page)) await typePosition(page, position);
    assert.equal(await page.textContent("#error"), "", `${position}: no error`);
    const expected = cli("solve", `rules:${file}`, position);
    assert.equal(await outcome(page), expected.outcome, position);
    assert.equal(await value(page), expected.value, position);
    assert.equal(expected.value, cli("solve", "domineering", position).value, "the catalogue's value");
  }
  // Both players' moves: the first side is chosen as in the catalogue's partizan games.
  assert.equal(await page.isHidden("#first-side-label"), false);
  // Play a move: the position after it is the script's.
  await page.locator(".move:not([disabled])").first().click();
  await idle(page);
  assert.ok((await page.locator("#history li").count()) >= 2, "a move was played");

  // An impartial script in Rhai: the same box, another name.
  await page.fill("#params", "nim.rhai");
  await page.dispatchEvent("#params", "change");
  await idle(page);
  await typeScript(page, "fn options(n) { let o = []; for k in 0..n { o.push(k); } o }");
  // Between the two edits the Luau text was read as Rhai and refused (422).
  assert.ok(page.errors.every((e) => /422/.test(e)), `${page.errors}`);
  page.errors.length = 0;
  await typePosition(page, "3 + 5");
  assert.equal(await page.textContent("#error"), "");
  assert.equal(await value(page), "6");

  assert.deepEqual(page.errors, []);

  // A script that fails is named with its line (the browser logs the refusals, 422).
  await typeScript(page, "fn options(n) {\n  throw \"broken\";\n}");
  assert.match(await page.textContent("#error"), /line 2.*broken|broken.*line 2/s);
  assert.ok(page.errors.every((e) => /422/.test(e)), `${page.errors}`);
  rmSync(dir, { recursive: true, force: true });
  await page.close();
});
