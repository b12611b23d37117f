// The game database in the browser build, in headless Chromium (as web/e2e.mjs): the page opens
// with ?db-bench, the WTHOR files given are set on its file input as a player's pick would, and
// the game must add them, keep the database in IndexedDB and log its position searches' times;
// then the page is loaded again and must find the database it kept, without any file, and search
// it again. Prints the times; fails (exit 1) on a console error or a missing step.
// Usage: node web/db.mjs DIST FILE...   (CHROMIUM overrides /usr/bin/chromium)
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const [dist, ...files] = process.argv.slice(2);
if (!dist || files.length === 0) {
  console.error('usage: node web/db.mjs DIST FILE...');
  process.exit(2);
}
const LOAD_TIMEOUT = 300_000;
const started = Date.now();
const log = (message) => console.log(`[db ${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);

const server = await serve(dist, 0);
const url = `http://127.0.0.1:${server.address().port}/?db-bench`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader'],
});
let failed = false;
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  let bench = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error') errors.push(text);
    if (text.includes('db-bench:')) bench.push(text.slice(text.indexOf('db-bench:')).replace(/ ms.*/, ' ms'));
    if (['error', 'warning'].includes(message.type())) log(`console.${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  const searched = async (what) => {
    const until = Date.now() + LOAD_TIMEOUT;
    while (bench.length < 6) {
      if (errors.length) throw new Error(`console error while waiting for ${what}: ${errors[0]}`);
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await page.waitForTimeout(200);
    }
    for (const line of bench) log(line);
  };
  const ready = () => page.waitForFunction(() => document.body.dataset.state === 'ready', null,
    { timeout: LOAD_TIMEOUT });

  await page.goto(url);
  await ready();
  log(`page ready; setting ${files.length} files on the database's file input`);
  await page.setInputFiles('#db-files', files);
  await searched('the files to be added and searched');
  // The database kept in IndexedDB is written once the game hands it over: wait for it.
  await page.waitForFunction(() => new Promise((done) => {
    const open = indexedDB.open('reversi', 1);
    open.onsuccess = () => {
      const asked = open.result.transaction('files').objectStore('files').get('games.db');
      asked.onsuccess = () => done(Boolean(asked.result));
      asked.onerror = () => done(false);
    };
    open.onerror = () => done(false);
  }), null, { timeout: 60_000 });
  log('the database is kept in IndexedDB; loading the page again');
  bench = [];
  await page.goto(url);
  await ready();
  await searched('the kept database to be read and searched');
  if (errors.length) throw new Error(`browser console errors: ${errors.join(' | ')}`);
  log('PASS');
} catch (error) {
  failed = true;
  console.error(`[db] FAIL: ${error.message}`);
} finally {
  await browser.close();
  server.close();
}
process.exit(failed ? 1 : 0);
