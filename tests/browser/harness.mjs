// What the browser tests share: a `sprague serve` on a free port and one headless Chromium
// (playwright-core), started before a test file's tests and stopped after them, and helpers
// to drive the page. Importing this module registers the `before` and `after` hooks.
//
// SPRAGUE_BIN names another binary (default target/debug/sprague); CHROMIUM another browser
// (default /usr/bin/chromium); SCREENSHOT_DIR where screenshots go (default
// tests/browser/screenshots/, which git ignores).

import { before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");
export const bin = process.env.SPRAGUE_BIN || join(root, "target/debug/sprague");
export const shots = resolve(process.env.SCREENSHOT_DIR || join(here, "screenshots"));
export const WAIT = { timeout: 60_000 };

let server, context, profile;
/** The server's address, `http://127.0.0.1:PORT`, once `before` has run. */
export let base;

before(async () => {
  mkdirSync(shots, { recursive: true });
  server = spawn(bin, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  const first = await new Promise((ok, fail) => {
    server.once("error", fail);
    server.once("exit", (code) => fail(new Error(`sprague serve exited with ${code}`)));
    createInterface({ input: server.stdout }).once("line", ok);
  });
  const m = first.match(/^listening on (http:\/\/\S+)$/);
  assert.ok(m, `the first line names the address: ${first}`);
  base = m[1];
  profile = mkdtempSync(join(tmpdir(), "sprague-chromium-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    acceptDownloads: true,
    viewport: { width: 1100, height: 900 },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
});

after(async () => {
  if (context) await context.close();
  if (server) server.kill();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** A new tab on the page (at `hash` when given), with errors of the page made failures. */
export async function open(hash = "") {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => { if (m.type() === "error" && !/404/.test(m.text())) errors.push(m.text()); });
  page.errors = errors;
  await page.goto(base + "/" + hash);
  await page.waitForSelector('body[data-ready="1"]', WAIT);
  await idle(page);
  return page;
}

/** Waits until the page has no request pending. */
export async function idle(page) {
  await page.waitForSelector('body[data-idle="1"]', { ...WAIT, state: "attached" });
}

export const text = (page) => page.inputValue("#position");

export async function chooseGame(page, name) {
  await page.selectOption("#game", name);
  await idle(page);
}

export async function typePosition(page, position) {
  await page.fill("#position", position);
  await idle(page);
  assert.equal(await text(page), position);
}

export async function click(page, selector) {
  // An edge drawn straight up has a box of zero width, which Playwright takes for hidden;
  // its wide transparent stroke takes the click at the box's centre all the same.
  await page.click(selector, selector.includes("data-edge") ? { force: true } : {});
  await idle(page);
}

/** Saves a screenshot of the whole page (or of `selector`'s element) as NAME.png. */
export async function shot(page, name, selector) {
  const path = join(shots, name + ".png");
  await page.mouse.move(0, 0); // no hover colour on whatever the last click left the mouse over
  if (selector) await page.locator(selector).screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
  return path;
}

/** A small seeded generator (xorshift32), so that a failing game can be replayed. */
export function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x % n;
  };
}

/** What `sprague ARGS... --json` prints, parsed: the command line's answer to compare with. */
export function cli(...args) {
  const r = spawnSync(bin, [...args, "--json"], { encoding: "utf8" });
  assert.equal(r.status, 0, `sprague ${args.join(" ")}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** Turns the board to edit mode: a touch then edits the position rather than playing a move. */
export async function editMode(page) {
  await page.check('[data-action="edit-mode"]');
  await idle(page);
}
