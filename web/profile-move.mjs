// Profiles the page's main thread around the first move against the strongest level (the browser
// check's step 3: the click, the move, the AI's reply), with Chrome's sampling profiler, and prints
// each main-thread task over 50 ms with the functions that took its time (self time, then the
// top-level frames). Names are readable in a build with a name section (scripts/web-build --fast).
// Usage: node web/profile-move.mjs [dist] [runs] [--screenshot]   (CHROMIUM overrides
// /usr/bin/chromium)
import { chromium } from 'playwright-core';
import { tmpdir } from 'node:os';
import { serve } from './serve.mjs';

const shot = process.argv.includes('--screenshot');
const [dist = 'dist', runs = '1'] = process.argv.slice(2).filter((a) => a !== '--screenshot');
const server = await serve(dist, 0);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--no-first-run', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
const waitFor = async (page, predicate, timeout = 300_000) => {
  const until = Date.now() + timeout;
  for (;;) {
    const state = await page.evaluate(() => ({ ...document.body.dataset }));
    if (predicate(state)) return state;
    if (Date.now() > until) throw new Error(`timed out; page state ${JSON.stringify(state)}`);
    await page.waitForTimeout(100);
  }
};
const frames = (page, n) => page.evaluate((count) => new Promise((done) => {
  let left = count;
  const step = () => (--left > 0 ? requestAnimationFrame(step) : done());
  requestAnimationFrame(step);
}), n);

for (let run = 1; run <= Number(runs); run++) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}?black=human&white=maximum`);
  const begin = await waitFor(page, (s) => s.state === 'ready' && s.screen === 'Playing' &&
    s.phase === 'WaitingForHuman' && s.moves === '' && s.legal);
  await page.evaluate(() => {
    window.tasks_ = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.tasks_.push({ start: e.startTime, ms: e.duration });
    }).observe({ type: 'longtask' });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  const [, at] = begin.legal.split(' ')[0].split('@');
  const [x, y] = at.split(',').map(Number);
  await page.mouse.move(x, y);
  await frames(page, 3);
  await page.mouse.down();
  await frames(page, 3);
  await page.mouse.up();
  // With --screenshot, a screenshot 1.5 s after the move, while the AI thinks (what the browser
  // check once did there): its capture window is printed beside the tasks' start times.
  if (shot) {
    await waitFor(page, (s) => s.moves.length >= 2);
    await page.waitForTimeout(1500);
    const from = await page.evaluate(() => performance.now());
    await page.screenshot({ path: `${tmpdir()}/profile-move.png` });
    const to = await page.evaluate(() => performance.now());
    console.log(`run ${run}: screenshot captured from ${from.toFixed(0)} to ${to.toFixed(0)} ms`);
  }
  await waitFor(page, (s) => s.moves.length === 4 && s.phase === 'WaitingForHuman');
  const { profile } = await cdp.send('Profiler.stop');
  const tasks = await page.evaluate(() => window.tasks_);
  // Samples with their times (µs). The profiler's clock is not the page's, so each long task is
  // matched below to the stretch of busy samples whose length is closest to its own.
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  let t = profile.startTime;
  const samples = profile.samples.map((id, i) => { t += profile.timeDeltas[i]; return { id, t }; });
  const name = (n) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}`;
  console.log(`run ${run}: ${tasks.length} main-thread tasks over 50 ms: ` +
    tasks.map((k) => `${k.ms.toFixed(0)} ms at ${k.start.toFixed(0)}`).join(', '));
  const busy = samples.filter((s) => !['(idle)', '(program)', '(garbage collector)'].includes(nodes.get(s.id).callFrame.functionName));
  for (const task of tasks) {
    // The profiler's stretch of busy samples that best matches the task's length.
    let best = null;
    for (let i = 0; i < busy.length; i++) {
      let j = i;
      while (j + 1 < busy.length && busy[j + 1].t - busy[j].t < 5000) j++;
      const ms = (busy[j].t - busy[i].t) / 1000;
      if (!best || Math.abs(ms - task.ms) < Math.abs(best.ms - task.ms)) best = { i, j, ms };
      i = j;
    }
    if (!best) continue;
    const self = new Map();
    const tops = new Map();
    for (const s of busy.slice(best.i, best.j + 1)) {
      const n = nodes.get(s.id);
      self.set(name(n), (self.get(name(n)) ?? 0) + 1);
      // The chain under the event loop, three frames down.
      const chain = [];
      for (let id = s.id; id !== undefined; id = parent.get(id)) chain.unshift(name(nodes.get(id)));
      const top = chain.slice(1, 5).join(' > ');
      tops.set(top, (tops.get(top) ?? 0) + 1);
    }
    const total = best.j - best.i + 1;
    const show = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 12)
      .map(([k, v]) => `    ${(100 * v / total).toFixed(0).padStart(3)} %  ${k}`).join('\n');
    console.log(`  task of ${task.ms.toFixed(0)} ms (a busy stretch of ${best.ms.toFixed(0)} ms, ${total} samples)`);
    console.log(`  self time:\n${show(self)}`);
    console.log(`  top-level frames:\n${show(tops)}`);
  }
  await page.close();
}
await browser.close();
server.close();
