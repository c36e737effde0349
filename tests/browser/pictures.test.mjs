// End-to-end tests of the pictures panel (the server's plot routes shown in the page, each
// downloadable), and the screenshots of three games and the three pictures that a person
// looks at: they go to SCREENSHOT_DIR (default tests/browser/screenshots/).
//
// Run: cargo build -p sprague-cli && (cd tests/browser && npm ci && npm test)

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { open, idle, click, shot, text, WAIT } from "./harness.mjs";

/** What each picture of the panel's defaults says in its SVG (the values are exact). */
const PICTURES = {
  // Kayles up to 1000 with its period: proven from the values and shaded.
  "grundy": /proven period 12 from preperiod 71[^<]*period blocks shaded/,
  // Wythoff's game on 60 × 60 heaps.
  "p-positions": /filled: the 45 P-positions/,
  // The thermograph of {3||2*|1*}.
  "thermograph": /mean 9\/4, temperature 3\/4/,
};

const figure = (kind) => `figure[data-kind="${kind}"]`;

async function loaded(page, kind) {
  const fig = figure(kind);
  await page.waitForSelector(`${fig} .out[data-loaded], ${fig} .unavailable`, WAIT);
  assert.equal(await page.locator(`${fig} .unavailable`).count(), 0,
    `${kind}: ${await page.locator(fig).textContent()}`);
  const [w, hgt] = await page.locator(`${fig} img`).evaluate((i) => [i.naturalWidth, i.naturalHeight]);
  assert.ok(w >= 200 && hgt >= 200, `${kind} is drawn: ${w}×${hgt}`);
}

/** Clicks the figure's download link; answers the file's name and bytes. */
async function download(page, kind) {
  const [d] = await Promise.all([page.waitForEvent("download", WAIT), page.click(`${figure(kind)} a.download`)]);
  return { name: d.suggestedFilename(), bytes: readFileSync(await d.path()) };
}

test("the pictures panel shows the three pictures, each downloadable as SVG and PNG", async () => {
  const page = await open();
  // The panel starts with the first catalogue game each picture applies to; Kayles shows a
  // proven period, and Wythoff's game its P-positions.
  await page.evaluate(([heaps, pairs]) => {
    for (const [sel, game] of [[heaps, "kayles"], [pairs, "wythoff"]]) {
      const input = document.querySelector(sel);
      input.value = game;
      input.dataset.touched = "1";
    }
  }, [`${figure("grundy")} [data-key="game"]`, `${figure("p-positions")} [data-key="game"]`]);
  await page.click("#pictures summary");
  for (const [kind, says] of Object.entries(PICTURES)) {
    await loaded(page, kind);
    const { name, bytes } = await download(page, kind);
    assert.match(name, new RegExp(`^${kind}-.*\\.svg$`));
    const svg = bytes.toString("utf8");
    assert.match(svg, /^(<\?xml|<svg)/, `${kind}: the download is an SVG`);
    assert.match(svg, says);
  }
  await page.locator("#pictures").scrollIntoViewIfNeeded();
  await shot(page, "pictures", "#pictures");
  for (const kind of Object.keys(PICTURES)) await shot(page, `picture-${kind}`, figure(kind));

  await page.selectOption("#picture-format", "png");
  for (const kind of Object.keys(PICTURES)) {
    await page.waitForSelector(`${figure(kind)} a.download[href$="format=png"]`, WAIT);
    await loaded(page, kind);
    const { name, bytes } = await download(page, kind);
    assert.match(name, /\.png$/);
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  }
  assert.deepEqual(page.errors, []);

  // A game without Grundy values of heaps: the server's reason, in place of the picture.
  await page.selectOption("#picture-format", "svg");
  await page.fill(`${figure("grundy")} [data-key="game"]`, "domineering");
  await page.click("#pictures-show");
  await page.waitForSelector(`${figure("grundy")} .unavailable`, WAIT);
  assert.match(await page.textContent(`${figure("grundy")} .unavailable`), /domineering/);
  await page.close();
});

test("screenshots of three games in play", async () => {
  // Nim in the middle of a game: two plies played, the moves coloured by their outcome.
  let page = await open("#game=nim&play=normal&h=3+5+6+7&at=0&computer=none");
  for (let i = 0; i < 2; i++) await click(page, ".move.lose");
  assert.equal(await page.locator("#history li").count(), 3);
  assert.ok(await page.locator(".move.win").count() > 0 && await page.locator(".move.lose").count() > 0,
    "winning and losing moves are both shown");
  await shot(page, "game-nim");
  await page.close();

  // Domineering 4 × 4: Left's move, the computer's answer, Left's moves coloured.
  page = await open("#game=domineering&play=normal&first=left&h=....%7C....%7C....%7C....&at=0&computer=second");
  await click(page, ".move.win");
  await page.waitForFunction(() => document.querySelectorAll("#history li").length === 3);
  await idle(page);
  assert.equal((await text(page)).split("#").length - 1, 4, "two dominoes on the board");
  await shot(page, "game-domineering");
  await page.close();

  // A token on a directed graph with a cycle, one move played: the next player's moves win,
  // draw (into the cycle b, c) and lose.
  page = await open("#game=graph&play=normal&h=g%3Ea+a%3Eb+b%3Ec+c%3Eb+a%3Ed+a%3Ee+e%3Ef+token%3Dg&at=0&computer=none");
  await click(page, ".move");
  assert.equal(await page.locator("#history li").count(), 2);
  for (const kind of ["win", "draw", "lose"]) assert.equal(await page.locator(`.move.${kind}`).count(), 1, kind);
  await shot(page, "game-graph");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the pictures' words are at least 12 px as shown, at desktop and at phone width", async () => {
  const page = await open();
  await page.click("#pictures summary");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const kind of Object.keys(PICTURES)) {
      await loaded(page, kind);
      const src = await page.getAttribute(`${figure(kind)} img`, "src");
      const svg = await page.evaluate((u) => fetch(u.replace("format=png", "format=svg")).then((r) => r.text()), src);
      const sizes = [...svg.matchAll(/font-size="([\d.]+)/g)].map((m) => Number(m[1]));
      assert.ok(sizes.length > 0, `${kind}: the SVG has words`);
      const [shown, natural] = await page.locator(`${figure(kind)} img`).evaluate((i) => [i.clientWidth, i.naturalWidth]);
      const smallest = Math.min(...sizes) * shown / natural;
      assert.ok(smallest >= 12, `${kind} at ${width} px: its smallest words are ${smallest.toFixed(1)} px`);
    }
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the thermograph follows the position shown, and no earlier one stays on show", async () => {
  const page = await open("#game=domineering&play=normal&first=left&h=...%7C...&at=0&computer=none&opponent=perfect");
  await page.click("#pictures summary");
  await loaded(page, "thermograph");
  const valueBox = `${figure("thermograph")} [data-key="value"]`;
  const start = await page.getAttribute("#verdict [data-value]", "data-value");
  assert.equal(await page.inputValue(valueBox), start);
  // A move to a position of another value: the picture is drawn again for it.
  const other = page.locator(".move").filter({ hasNot: page.locator(`.value:text-is("= ${start}")`) }).first();
  await other.click();
  await idle(page);
  const after = await page.getAttribute("#verdict [data-value]", "data-value");
  assert.notEqual(after, start);
  assert.equal(await page.inputValue(valueBox), after);
  await loaded(page, "thermograph");
  const src = await page.getAttribute(`${figure("thermograph")} img`, "src");
  assert.equal(new URL(src, "http://x").searchParams.get("value"), after);
  // A game without partizan values: the thermograph goes back to its example.
  await page.selectOption("#game", "nim");
  await idle(page);
  assert.equal(await page.inputValue(valueBox), "{3||2*|1*}");
  assert.deepEqual(page.errors, []);
  await page.close();
});
