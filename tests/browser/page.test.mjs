// End-to-end tests of the page that `sprague serve` serves, in headless Chromium driven by
// playwright-core: the editors, whole games against the perfect computer, the permalink,
// the hints toggle. The server, the browser and the helpers are in harness.mjs.
//
// Run: cargo build -p sprague-cli && (cd tests/browser && npm ci && npm test)

import { test } from "node:test";
import assert from "node:assert/strict";
import { open, editMode, idle, text, chooseGame, typePosition, click, shot, rng } from "./harness.mjs";

test("the heap editor sets heights, adds and removes heaps", async () => {
  const page = await open();
  await editMode(page);
  assert.equal(await text(page), "3 4 5");
  await click(page, '[data-action="add-heap"]');
  assert.equal(await text(page), "3 4 5 3");
  await click(page, '[data-heap="0"][data-slot="1"]');
  assert.equal(await text(page), "1 4 5 3");
  // Clicking a heap's top stone takes it off.
  await click(page, '[data-heap="2"][data-slot="5"]');
  assert.equal(await text(page), "1 4 4 3");
  await click(page, '[data-remove="3"]');
  assert.equal(await text(page), "1 4 4");
  assert.equal(await page.getAttribute("[data-outcome]", "data-outcome"), "first");
  // The text box drives the editor too.
  await typePosition(page, "2 2");
  assert.equal(await page.locator("[data-remove]").count(), 2);
  assert.equal(await page.getAttribute("[data-outcome]", "data-outcome"), "second");
  assert.equal(await page.locator('.move[data-outcome="win"]').count(), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the board, strip, queen and graph editors write the position the command line reads", async () => {
  const page = await open();
  await editMode(page);
  await chooseGame(page, "domineering");
  assert.equal(await text(page), "...|...|...");
  await click(page, '[data-row="0"][data-col="0"]');
  assert.equal(await text(page), "#..|...|...");
  await click(page, '[data-action="add-column"]');
  assert.equal(await text(page), "#...|....|....");
  await click(page, '[data-action="remove-row"]');
  assert.equal(await text(page), "#...|....");
  assert.equal(await page.getAttribute("[data-outcome]", "data-outcome"), "N");
  await shot(page, "domineering-editor");

  await chooseGame(page, "clobber");
  await typePosition(page, "xox|oxo");
  await click(page, '[data-row="1"][data-col="2"]'); // o -> .
  assert.equal(await text(page), "xox|ox.");

  await chooseGame(page, "toads-and-frogs");
  await typePosition(page, "t..f");
  await click(page, '[data-row="0"][data-col="1"]'); // . -> t
  assert.equal(await text(page), "tt.f");
  await click(page, '[data-action="add-square"]');
  assert.equal(await text(page), "tt.f.");

  await chooseGame(page, "mock-turtles");
  await typePosition(page, "3 5");
  assert.equal(await page.locator("[data-editor=strip] [data-col]").count(), 5);
  await click(page, '[data-row="0"][data-col="0"]');
  assert.equal(await text(page), "HTHTH");

  await chooseGame(page, "turning-corners");
  await click(page, '[data-row="2"][data-col="2"]');
  assert.equal(await text(page), "THT|HHT|TTT");

  await chooseGame(page, "wythoff");
  await click(page, '[data-x="2"][data-y="7"]');
  assert.equal(await text(page), "2 7");
  await chooseGame(page, "queens");
  await click(page, '[data-x="1"][data-y="1"]');
  assert.equal(await text(page), "3,5 4,7 1,1");
  await click(page, '[data-x="3"][data-y="5"]');
  assert.equal(await text(page), "4,7 1,1");

  await chooseGame(page, "graph");
  assert.equal(await text(page), "a>b>c a>c d>e token=a,d");
  await click(page, '[data-vertex="b"]'); // the token tool: a token on b
  assert.equal(await text(page), "a>b b>c a>c d>e token=a,d,b");
  await click(page, '[data-tool="edge"]');
  await click(page, '[data-vertex="c"]');
  await click(page, '[data-vertex="e"]');
  assert.equal(await text(page), "a>b b>c a>c d>e c>e token=a,d,b");
  await click(page, '[data-tool="delete"]');
  await click(page, '[data-vertex="d"]');
  assert.equal(await text(page), "a>b b>c a>c c>e token=a,b");
  await click(page, '[data-action="add-vertex"]');
  assert.equal(await text(page), "a>b b>c a>c c>e d token=a,b");

  await chooseGame(page, "hackenbush");
  await typePosition(page, "BRB");
  await click(page, '[data-tool="paint"]');
  await click(page, '[data-edge="1"]'); // red -> green
  assert.equal(await text(page), "0-1:B 1-2:G 2-3:B");
  await click(page, '[data-tool="edge"]');
  await click(page, '[data-vertex="0"]');
  await click(page, '[data-action="add-vertex"]');
  assert.equal(await text(page), "0-1:B 1-2:G 2-3:B 0-4:B");
  await shot(page, "hackenbush-editor");

  await chooseGame(page, "geography");
  await click(page, '[data-vertex="3"]');
  assert.match(await text(page), /start=3$/);
  // A position the editor cannot draw stays in the text box.
  await chooseGame(page, "euclid");
  assert.equal(await page.locator(".editor .note").count(), 1);
  assert.deepEqual(page.errors, []);
  await page.close();
});

/**
 * Plays `position` of `game` to the end: the computer (perfect) plays `computer` ("first" or
 * "second"), the human side clicks a random legal move. Answers the page, at the end.
 */
async function playOut(game, position, computer, seed, first = "left") {
  const page = await open();
  await chooseGame(page, game);
  if (first !== "left") await page.selectOption("#first-side", first);
  await typePosition(page, position);
  await page.selectOption("#opponent", "perfect");
  await page.selectOption("#computer", computer);
  await idle(page);
  const pick = rng(seed);
  for (let ply = 0; ply < 200; ply++) {
    if ((await page.getAttribute("#status", "data-over")) === "1") return page;
    const moves = page.locator(".move:not([disabled])");
    const n = await moves.count();
    assert.ok(n > 0, `${game} ${position}: the human has a move at ply ${ply}`);
    await moves.nth(pick(n)).click();
    await idle(page);
  }
  assert.fail(`${game} ${position}: the game did not end`);
}

const GAMES = [
  // [game, start, who the computer is, first side (partizan games)]
  ["nim", "3 4 5", "first"], ["nim", "1 2 4 6", "first"], ["nim", "2 5 7", "second"],
  ["kayles", "3 4", "first"], ["kayles", "8", "first"], ["kayles", "2 5 7", "second"],
  ["domineering", "...|...|...", "first"], ["domineering", "...|...|...|...", "second", "right"],
  ["domineering", "....|....|....", "second"], ["domineering", "....|....|....", "first", "right"],
  ["graph", "a>b b>c c>a c>d d>e e>f token=a", "first"],
  ["graph", "a>b b>c c>d d>a b>e e>f f>g d>g token=a", "second"],
  ["graph", "a>b>c a>c d>e token=a,d", "first"],
  ["geography", "1-2 2-3 3-4 4-5 5-6 6-1 1-7 7-8 3-8 start=1", "first"],
];

test("the perfect computer wins every game it should against random clicks", async () => {
  let games = 0;
  const pictured = new Set();
  for (const [game, position, computer, first] of GAMES) {
    for (let seed = 1; seed <= 3; seed++) {
      const page = await playOut(game, position, computer, seed * 7919, first);
      const status = await page.textContent("#status");
      assert.equal(await page.getAttribute("#status", "data-computer-won"), "1",
        `${game} ${position} (computer ${computer}, seed ${seed}): ${status}`);
      assert.deepEqual(page.errors, []);
      if (!pictured.has(game)) {
        pictured.add(game);
        await shot(page, `end-${game}`);
      }
      games++;
      await page.close();
    }
  }
  assert.equal(games, 3 * GAMES.length);
});

test("undo, redo and a permalink bring back the same position and history", async () => {
  const page = await open();
  await chooseGame(page, "kayles");
  await typePosition(page, "4 5 6");
  await page.selectOption("#computer", "second");
  await idle(page);
  const pick = rng(42);
  for (let i = 0; i < 3; i++) {
    const moves = page.locator(".move:not([disabled])");
    await moves.nth(pick(await moves.count())).click();
    await idle(page);
  }
  assert.equal(await page.locator("#history li").count(), 7);
  await click(page, "#undo"); // back over the computer's move to the human's turn
  assert.equal(await page.getAttribute("#history li.current", "data-ply"), "4");
  await click(page, "#undo");
  await click(page, "#redo");
  assert.equal(await page.getAttribute("#history li.current", "data-ply"), "4");
  const history = await page.locator("#history li").allTextContents();
  const position = await text(page);
  const url = page.url();
  assert.match(url, /#game=kayles&/);
  await shot(page, "kayles-history");
  await page.close();

  const again = await open(url.slice(url.indexOf("#")));
  assert.equal(await again.inputValue("#game"), "kayles");
  assert.equal(await text(again), position);
  assert.deepEqual(await again.locator("#history li").allTextContents(), history);
  assert.equal(await again.getAttribute("#history li.current", "data-ply"), "4");
  assert.equal(await again.locator("#chart [data-ply]").count(), 7);
  assert.deepEqual(again.errors, []);
  await again.close();
});

test("the hint toggle hides the colouring and shows it again", async () => {
  const page = await open("#game=graph&play=normal&h=a%3Eb+b%3Ec+c%3Ea+c%3Ed+d%3Ee+e%3Ef+token%3Da&at=0&computer=none");
  assert.equal(await page.locator('.move[data-outcome="win"]').count(), 1);
  const colour = () => page.locator(".move").first().evaluate((b) => getComputedStyle(b).borderLeftColor);
  const shown = await colour();
  await page.uncheck("#hints");
  assert.notEqual(await colour(), shown);
  assert.equal(await page.locator("#verdict").isVisible(), false);
  assert.match(page.url(), /hints=off/);
  await page.check("#hints");
  assert.equal(await colour(), shown);
  assert.equal(await page.locator("#verdict").isVisible(), true);
  await page.close();
});
