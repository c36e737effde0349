// Playing on the board: whole games won by touching the board as a person would (a stone of
// a heap, a domino's two squares, a queen and her square, a toad, a token and where it goes),
// against the perfect computer, the winning move chosen from the page's own list of moves;
// the edit mode; and the boards at desktop and phone width as screenshots
// (screenshots/board-GAME-desktop.png and board-GAME-phone.png).
//
// Run: cargo build -p sprague-cli && (cd tests/browser && npm ci && npm test)

import { test } from "node:test";
import assert from "node:assert/strict";
import { open, idle, text, click, shot, cli } from "./harness.mjs";

const words = (position) => position.split(/\s+/).filter((w) => w);

/** The squares of a `|`-separated board that differ between two positions, as `row,col`. */
function changedSquares(before, after) {
  const a = before.split("|"), b = after.split("|");
  const out = [];
  a.forEach((row, i) => [...row].forEach((ch, j) => { if (b[i][j] !== ch) out.push({ cell: `${i},${j}`, was: ch, now: b[i][j] }); }));
  return out;
}

/** The touches a person makes for the move from `before` to `after`, game by game. */
const touches = {
  // A stone of the heap that shrinks: the lowest stone taken ("take down to the touched one").
  nim(before, after) {
    const a = words(before).map(Number), b = words(after).map(Number);
    const i = a.findIndex((x, k) => x !== b[k]);
    return [[`${i}:${b[i] + 1}`]];
  },
  // The domino's two squares: clicked one after the other, or dragged from one to the other.
  domineering(before, after, turn) {
    const cells = changedSquares(before, after).map((c) => c.cell);
    return turn % 2 ? [cells] : [[cells[0]], [cells[1]]];
  },
  // The queen's square, then the square she goes to (a drag every other turn).
  wythoff(before, after, turn) {
    const [x, y] = words(before), [x2, y2] = words(after);
    return turn % 2 ? [[`${x},${y}`, `${x2},${y2}`]] : [[`${x},${y}`], [`${x2},${y2}`]];
  },
  // The toad that moves: a toad has one move at most, so one touch is enough.
  "toads-and-frogs"(before, after) {
    const from = changedSquares(before, after).find((c) => c.was === "t");
    return [[`0,${from.cell.split(",")[1]}`]];
  },
  // The vertex whose token moves, then the vertex it goes to.
  graph(before, after) {
    const tokens = (p) => (words(p).find((w) => w.startsWith("token=")) || "token=").slice(6).split(",").filter((t) => t);
    const a = tokens(before), b = tokens(after);
    const from = a.find((t) => a.filter((x) => x === t).length > b.filter((x) => x === t).length);
    const to = b.find((t) => b.filter((x) => x === t).length > a.filter((x) => x === t).length);
    return [[`v:${from}`], [`v:${to}`]];
  },
};

/** A touch of the board: a click on one cell, or a drag from the first cell to the second. */
async function touch(page, cells) {
  const box = async (cell) => {
    const b = await page.locator(`#editor [data-cell="${cell}"]`).first().boundingBox();
    assert.ok(b, `the board shows the cell ${cell}`);
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  if (cells.length === 1) {
    const p = await box(cells[0]);
    await page.mouse.click(p.x, p.y);
  } else {
    const [p, q] = [await box(cells[0]), await box(cells[1])];
    await page.mouse.move(p.x, p.y);
    await page.mouse.down();
    await page.mouse.move(q.x, q.y, { steps: 4 });
    await page.mouse.up();
  }
}

// Positions the player to move wins; in Domineering that is Right, who moves first.
const GAMES = [
  { game: "nim", position: "3 4 5", first: "left" },
  { game: "domineering", position: "....|....|....", first: "right" },
  { game: "wythoff", position: "5 7", first: "left" },
  { game: "toads-and-frogs", position: "tt..ff", first: "left" },
  { game: "graph", position: "a>b>c a>c d>e token=a,d", first: "left" },
];

for (const { game, position, first } of GAMES) {
  test(`a won game of ${game} is won by touching the board`, async () => {
    // The page opens in play mode, you first against the perfect computer.
    const page = await open(`#game=${game}&play=normal&first=${first}&h=${encodeURIComponent(position)}&at=0&computer=second&opponent=perfect`);
    const start = cli("solve", game, ...words(position));
    const yours = ["first", "N", first === "left" ? "L" : "R"];
    assert.ok(yours.includes(start.outcome), `${game} ${position} is a win for you: ${start.outcome}`);
    for (let turn = 0; turn < 60; turn++) {
      if ((await page.getAttribute("#status", "data-over")) === "1") break;
      const before = await text(page);
      const win = page.locator('#moves .move[data-outcome="win"]:not([disabled])').first();
      assert.ok(await win.count(), `${game} ${before}: a winning move is listed`);
      const after = await win.getAttribute("data-position");
      const plies = await page.locator("#history li").count();
      for (const cells of touches[game](before, after, turn)) {
        // A first touch that only one move has is enough: that move is played at once.
        if ((await page.locator("#history li").count()) > plies) break;
        await touch(page, cells);
        await idle(page);
      }
      await page.waitForFunction((n) => document.querySelectorAll("#history li").length >= n + 1, plies);
      await idle(page);
      const played = await page.getAttribute(`#history li[data-ply="${plies}"]`, "title");
      assert.equal(played, after, `${game}: touching the board played the move chosen`);
    }
    assert.equal(await page.getAttribute("#status", "data-over"), "1", `${game}: the game ended`);
    assert.equal(await page.getAttribute("#status", "data-computer-won"), "0", `${game}: you won`);
    assert.equal(await page.isVisible("#banner"), true, "a game-over banner");
    assert.match(await page.textContent("#banner-title"), /You win/);
    if (game === "domineering") {
      // Played dominoes are pieces in their player's colour, one per move.
      const plies = (await page.locator("#history li").count()) - 1;
      assert.equal(await page.locator("#editor [data-played]").count(), plies);
      const fills = await page.locator("#editor [data-played]").evaluateAll((es) => es.map((e) => e.getAttribute("fill")));
      assert.deepEqual([...new Set(fills)].sort(), ["var(--left)", "var(--right)"]);
    }
    // The value history: one strip per position, each coloured by an outcome.
    const strips = await page.locator("#chart [data-ply]").count();
    assert.equal(strips, await page.locator("#history li").count());
    assert.equal(await page.locator('#chart [data-ply][data-outcome="unknown"]').count(), 0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForTimeout(300);
    await shot(page, `board-${game}-desktop`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `${game}: nothing wider than a phone (${wide} px)`);
    await shot(page, `board-${game}-phone`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test("a touch selects among several moves and a touch elsewhere starts again; edit mode edits", async () => {
  const page = await open("#game=domineering&play=normal&first=right&h=....%7C....&at=0&computer=none&opponent=perfect");
  // Right: a square of the top row touches two horizontal dominoes; both others are marked.
  await page.click('#editor [data-cell="0,1"]');
  assert.equal(await page.locator("#editor .pick-candidate").count(), 2, "the squares either side are marked");
  assert.equal(await page.locator("#moves .move.picked").count(), 2);
  assert.match(await page.textContent("#board-note"), /2 moves touch this/);
  await click(page, '#editor [data-cell="0,2"]');
  assert.equal(await text(page), ".##.|....");
  // Left: a corner square only one vertical domino covers: one touch plays it.
  await click(page, '#editor [data-cell="0,0"]');
  assert.equal(await text(page), "###.|#...");
  // Right: no move touches a filled square.
  await page.click('#editor [data-cell="0,0"]');
  assert.match(await page.textContent("#board-note"), /No move/);
  // Edit mode: a touch changes the square and the game starts afresh from the new position.
  await click(page, '[data-action="edit-mode"]');
  await click(page, '#editor [data-cell="1,1"]');
  assert.equal(await text(page), "###.|##..");
  assert.equal(await page.locator("#history li").count(), 1);
  assert.match(page.url(), /mode=edit/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("on heaps a touch takes the touched stone and every stone above it", async () => {
  const page = await open("#game=nim&play=normal&h=3+4+5&at=0&computer=none&opponent=perfect");
  await click(page, '#editor [data-cell="1:2"]');
  assert.equal(await text(page), "3 1 5");
  await click(page, '#editor [data-cell="2:1"]');
  assert.equal(await text(page), "3 1 0");
  // Above a heap: nothing to take.
  await page.click('#editor [data-heap="0"][data-slot="5"]');
  assert.equal(await text(page), "3 1 0");
  assert.match(await page.textContent("#board-note"), /No move/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a position with more moves than the list holds: the winning moves from solve, and a typed move", async () => {
  const page = await open("#game=nim&play=normal&h=20000+5&at=0&computer=none&opponent=perfect");
  assert.equal(await page.textContent("#error"), "");
  assert.equal(await page.isVisible("#large"), true, "the box for large positions is shown");
  assert.match(await page.textContent("#large-note"), /more moves than the list shows/);
  await page.waitForSelector("#large-winning .move-chip", { state: "attached" });
  const wins = cli("solve", "nim", "20000", "5").moves.map((m) => m.position);
  assert.deepEqual(await page.locator("#large-winning .move-chip").evaluateAll((es) => es.map((e) => e.dataset.position)), wins);
  // A typed move is checked by the server: a move that is not legal is refused in words.
  await page.fill("#typed-move", "20001 5");
  await page.click("#typed-play");
  await page.waitForFunction(() => document.getElementById("error").textContent !== "");
  assert.equal(await text(page), "20000 5");
  await page.fill("#typed-move", "7 5");
  await page.click("#typed-play");
  await page.waitForFunction(() => document.querySelectorAll("#history li").length === 2);
  await idle(page);
  assert.equal(await text(page), "7 5");
  assert.equal(await page.isVisible("#large"), false);
  // The browser logs the refused move's answer (422); nothing else went wrong.
  assert.deepEqual(page.errors.filter((e) => !/status of 422/.test(e)), []);
  await page.close();
});

test("on a Hackenbush picture a touch cuts the touched edge, whatever hangs from it falling", async () => {
  const page = await open("#game=hackenbush&play=normal&first=left&h=0-1%3AB+1-2%3AB+0-3%3AR&at=0&computer=none&opponent=perfect");
  // Left touches the upper blue edge: cutting the lower one would take it too, but the cut
  // of the edge touched is the one played.
  await page.locator('#editor [data-cell="e:1-2:B"]').click({ force: true });
  await idle(page);
  assert.equal(await text(page), "0-1:B 0-3:R");
  await page.locator('#editor [data-cell="e:0-3:R"]').click({ force: true });
  await idle(page);
  assert.equal(await text(page), "0-1:B");
  assert.deepEqual(page.errors, []);
  await page.close();
});
