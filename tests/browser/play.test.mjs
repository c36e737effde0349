// End-to-end tests of the page: the computer moving by itself when its turn comes (a
// permalink, a new game), Hackenbush pictures drawn on the ground and judged as the command
// line judges them, and every game of the catalogue picked in turn.
//
// Run: cargo build -p sprague-cli && (cd tests/browser && npm ci && npm test)

import { test } from "node:test";
import assert from "node:assert/strict";
import { open, editMode, text, chooseGame, typePosition, click, cli } from "./harness.mjs";

const plies = (page) => page.locator("#history li").count();
const current = (page) => page.getAttribute("#history li.current", "data-ply");
const outcome = (page) => page.getAttribute("#verdict [data-outcome]", "data-outcome");
/** The verdict's value, or null when it has none (an outcome alone). */
const value = async (page) => ((await page.locator("#verdict [data-value]").count())
  ? page.getAttribute("#verdict [data-value]", "data-value") : null);
const words = (position) => position.split(/\s+/).filter((w) => w);

test("the computer moves at once when a permalink or a new game gives it the move", async () => {
  // Nim from a permalink, the computer first: it moves to a P-position by itself.
  let page = await open("#game=nim&play=normal&h=3+4+5&at=0&computer=first&opponent=perfect");
  assert.equal(await plies(page), 2);
  assert.equal(await current(page), "1");
  const heaps = words(await text(page)).map(Number);
  assert.equal(heaps.reduce((a, b) => a ^ b, 0), 0, `the perfect computer leaves a P-position: ${heaps}`);
  assert.equal(await outcome(page), "second");
  assert.ok(await page.locator(".move:not([disabled])").count() > 0, "your moves are enabled");
  assert.match(page.url(), /[#&]at=1(&|$)/, "the permalink follows the computer's move");
  assert.deepEqual(page.errors, []);
  await page.close();

  // Domineering, Right to move first and the computer playing first: a horizontal domino.
  page = await open("#game=domineering&play=normal&first=right&h=...%7C...%7C...&at=0&computer=first&opponent=perfect");
  assert.equal(await plies(page), 2);
  assert.match(await text(page), /##/, "Right places a domino in a row");
  assert.equal(await page.textContent("#moves-title"), "Moves of Left");
  await page.close();

  // Opened in the middle of a game at the computer's turn: the moves after it are kept.
  page = await open("#game=nim&play=normal&h=3+4+5&h=1+4+5&at=0&computer=first&opponent=perfect");
  assert.equal(await plies(page), 2);
  assert.equal(await current(page), "0");
  assert.equal(await text(page), "3 4 5");
  await page.close();

  // Picking "first" for the computer, then a new game: it moves each time; after an edit of
  // the position it waits to be asked, so that the position can be set up.
  page = await open();
  await page.selectOption("#computer", "first");
  await page.waitForFunction(() => document.querySelectorAll("#history li").length === 2);
  await chooseGame(page, "kayles");
  assert.equal(await plies(page), 2, "the computer moved first in the new game");
  await typePosition(page, "4 4 1");
  assert.equal(await plies(page), 1);
  assert.match(await page.textContent("#status"), /computer moves now/);
  await click(page, "#computer-move");
  assert.equal(await plies(page), 2);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a Hackenbush picture drawn on the ground gets the command line's verdict", async () => {
  const page = await open();
  await editMode(page);
  const sent = [];
  page.on("request", (r) => { if (r.url().endsWith("/api/v1/moves")) sent.push(JSON.parse(r.postData())); });
  await chooseGame(page, "hackenbush");
  // Nothing on the ground: the ground alone, vertex 0, from which edges grow.
  await typePosition(page, "0");
  assert.equal(await page.locator('rect[data-vertex="0"]').count(), 1, "the ground is drawn");
  await click(page, '[data-action="add-vertex"]');
  assert.equal(await text(page), "0-1:B");
  await page.selectOption('[data-action="colour"]', "R");
  await click(page, '[data-action="add-vertex"]');
  await page.selectOption('[data-action="colour"]', "G");
  await click(page, '[data-vertex="0"]');
  await page.selectOption('[data-action="colour"]', "B");
  await click(page, '[data-action="add-vertex"]');
  const drawn = "0-1:B 1-2:R 2-0:G 0-3:B";
  assert.equal(await text(page), drawn);
  // The ground cannot be deleted; another vertex goes with its edges.
  await click(page, '[data-tool="delete"]');
  await click(page, '[data-vertex="0"]');
  assert.equal(await text(page), drawn);
  const last = sent.at(-1);
  assert.equal(last.game, "hackenbush");
  assert.equal(last.position, drawn, "the page sends the picture with the ground as vertex 0");
  const expected = cli("moves", "hackenbush", ...words(drawn));
  assert.equal(await outcome(page), expected.outcome);
  assert.equal(await value(page), expected.value);
  assert.equal(await page.locator(".move").count(), expected.moves.filter((m) => m.side === "left").length);
  await click(page, '[data-vertex="3"]');
  assert.equal(await text(page), "0-1:B 1-2:R 2-0:G");
  await click(page, '[data-vertex="1"]');
  assert.equal(await text(page), "2-0:G");
  await click(page, '[data-vertex="2"]');
  assert.equal(await text(page), "0", "a picture with no edge left is the ground, 0");
  assert.equal(await outcome(page), cli("solve", "hackenbush", "0").outcome);

  // Strings side by side stand on the ground 0; an edit writes them as edges from it.
  await typePosition(page, "BRB RR");
  assert.equal(await page.locator("[data-edge]").count(), 5);
  assert.equal(await value(page), cli("solve", "hackenbush", "BRB", "RR").value);
  await click(page, '[data-tool="paint"]');
  await click(page, '[data-edge="4"]'); // the top of the second string: red -> green
  const painted = "0-1:B 1-2:R 2-3:B 0-4:R 4-5:G";
  assert.equal(await text(page), painted);
  assert.equal(sent.at(-1).position, painted);
  assert.equal(await value(page), cli("solve", "hackenbush", ...words(painted)).value);

  // Green Hackenbush on a ground chosen by the person: `ground=V` as the command line reads it.
  await chooseGame(page, "green-hackenbush");
  await typePosition(page, "a-b b-c c-a b-d d-e ground=a");
  await click(page, '[data-tool="mark:ground"]');
  await click(page, '[data-vertex="d"]');
  const grounded = "a-b b-c c-a b-d d-e ground=d";
  assert.equal(await text(page), grounded);
  assert.equal(await page.locator('rect[data-vertex="d"]').count(), 1, "the ground is drawn as the square");
  const green = cli("solve", "green-hackenbush", ...words(grounded));
  assert.equal(await outcome(page), green.outcome);
  assert.equal(await value(page), green.value);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("every game of the catalogue can be picked and set up, and gets the command line's verdict", async () => {
  const page = await open();
  const games = await page.evaluate(() => fetch("/api/v1/games").then((r) => r.json()));
  assert.ok(games.length >= 30, `the catalogue lists ${games.length} games`);
  const textOnly = [];
  for (const g of games) {
    await chooseGame(page, g.name);
    assert.equal(await page.inputValue("#game"), g.name);
    const position = await text(page);
    assert.notEqual(position.trim(), "", `${g.name}: the page starts it with an example position`);
    assert.equal(await page.textContent("#error"), "", `${g.name} ${position}: no error`);
    const params = (await page.inputValue("#params")).trim();
    const spec = params ? `${g.name}:${params}` : g.name;
    const expected = cli("solve", spec, ...words(position));
    assert.equal(await outcome(page), expected.outcome, `${spec} ${position}`);
    assert.equal(await value(page), expected.value, `${spec} ${position}`);
    // An editor that draws the example, or the text box alone for games without one.
    const drawn = await page.locator("#editor svg[data-editor]").count();
    if (drawn === 0) {
      assert.match(await page.textContent("#editor"), /no picture editor/, `${g.name}: the editor draws ${position}`);
      textOnly.push(g.name);
    }
  }
  assert.ok(textOnly.length <= 4, `games typed only: ${textOnly}`);
  assert.deepEqual(page.errors, []);
  await page.close();
});
