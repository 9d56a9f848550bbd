// Opens the HTML report in headless Chromium (puppeteer-core) as a reviewer
// would: the index and three finding pages, in the light and the dark
// theme. Fails on any console error, page error or failed load; checks in
// the DOM that every bubble sits under the line of its step, that the bug
// line is highlighted, that filtering and sorting the index's table work and
// that j goes to the next finding. Saves screenshots.
// usage: node browser_test.js CHROMIUM REPORT_DIR SCREENSHOT_DIR
'use strict';
const fs = require('fs');
const path = require('path');
const puppeteer = require('puppeteer-core');

const [chromium, reportDir, shotDir] = process.argv.slice(2);
const problems = [];
function check(condition, message) {
  if (!condition) problems.push(message);
}

async function open(browser, file, theme) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`${file}: console error: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${file}: page error: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.push(`${file}: failed to load ${request.url()}`));
  const started = Date.now();
  await page.goto('file://' + path.resolve(reportDir, file), { waitUntil: 'load' });
  return { page, seconds: (Date.now() - started) / 1000 };
}

async function checkFinding(browser, file, theme) {
  const { page } = await open(browser, file, theme);
  const result = await page.evaluate(() => {
    const steps = Array.from(document.querySelectorAll('table.source tr.step'));
    const misplaced = [];
    for (const step of steps) {
      let row = step.previousElementSibling;
      while (row && row.classList.contains('step')) row = row.previousElementSibling;
      if (!row || row.id !== 'L' + step.dataset.line)
        misplaced.push(step.dataset.line + ' under ' + (row ? row.id : 'nothing'));
    }
    const bubbles = steps.map((s) => Number(s.querySelector('.bubble').textContent));
    return {
      steps: steps.length,
      misplaced,
      numbered: bubbles.slice().sort((a, b) => a - b).every((n, i) => n === i + 1),
      bugLines: document.querySelectorAll('table.source tr.line.bug').length,
      bugStep: document.querySelectorAll('tr.step .bubble.bug').length,
      svgs: document.querySelectorAll('.chart svg, .chart object').length,
      next: (document.querySelector('a[rel="next"]') || {}).href || '',
    };
  });
  check(result.steps > 0, `${file}: no step bubbles`);
  check(result.misplaced.length === 0, `${file}: bubbles not under their lines: ${result.misplaced}`);
  check(result.numbered, `${file}: bubbles not numbered 1..N`);
  check(result.bugLines === 1, `${file}: ${result.bugLines} highlighted bug lines`);
  check(result.bugStep === 1, `${file}: ${result.bugStep} bug bubbles`);
  check(result.svgs === 2, `${file}: ${result.svgs} inline charts, expected the lifetime chart and the CFG`);
  const name = path.basename(file, '.html');
  await page.screenshot({ path: path.join(shotDir, `finding-${name}-${theme}.png`), fullPage: true });
  if (result.next) {
    await Promise.all([page.waitForNavigation(), page.keyboard.press('j')]);
    check(page.url() === result.next, `${file}: j went to ${page.url()}, not ${result.next}`);
  }
  await page.close();
  console.log(`finding page ${file} (${theme}): ${result.steps} steps under their lines, ${result.svgs} charts`);
}

(async () => {
  fs.mkdirSync(shotDir, { recursive: true });
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--allow-file-access-from-files'],
  });
  try {
    const { page, seconds } = await open(browser, 'index.html', 'light');
    const table = await page.evaluate(() => ({
      rows: document.querySelectorAll('#findings tbody tr').length,
      total: JSON.parse(document.getElementById('findings-data').textContent).length,
      shown: document.getElementById('shown').textContent,
    }));
    check(table.rows === Math.min(100, table.total), `index: ${table.rows} rows of ${table.total}`);
    console.log(`index: ${table.shown}, opened in ${seconds.toFixed(2)} s`);
    await page.screenshot({ path: path.join(shotDir, 'index-light.png'), fullPage: true });
    // Filtering: every row left mentions the text.
    await page.type('#filter', 'double');
    const filtered = await page.evaluate(() =>
      Array.from(document.querySelectorAll('#findings tbody tr')).map((tr) => tr.textContent));
    check(filtered.length > 0 && filtered.length < table.total,
          `index: filtering 'double' left ${filtered.length} of ${table.total}`);
    check(filtered.every((text) => text.toLowerCase().includes('double')),
          'index: a filtered row does not mention the filter');
    console.log(`index: filter 'double' shows ${filtered.length} rows`);
    // The rule menu, then sorting by line (descending after two clicks).
    await page.evaluate(() => { document.getElementById('filter').value = ''; });
    await page.type('#filter', ' ');
    await page.evaluate(() => { document.getElementById('filter').value = ''; });
    await page.select('#rule', 'lifetime-leak');
    const rules = await page.evaluate(() =>
      Array.from(document.querySelectorAll('#findings tbody tr td:nth-child(5)')).map((td) => td.textContent));
    check(rules.length > 0 && rules.every((r) => r === 'lifetime-leak'),
          `index: the rule menu left ${JSON.stringify(rules.slice(0, 5))}`);
    console.log(`index: rule lifetime-leak shows ${rules.length} rows`);
    await page.select('#rule', '');
    await page.click('th[data-key="line"]');
    await page.click('th[data-key="line"]');
    const lines = await page.evaluate(() =>
      Array.from(document.querySelectorAll('#findings tbody tr td:nth-child(3)')).map((td) => Number(td.textContent)));
    check(lines.every((line, i) => i === 0 || lines[i - 1] >= line), 'index: sorting by line failed');
    await page.close();
    const dark = await open(browser, 'index.html', 'dark');
    await dark.page.screenshot({ path: path.join(shotDir, 'index-dark.png'), fullPage: true });
    await dark.page.close();

    const pages = fs.readdirSync(path.join(reportDir, 'findings'))
      .map((f) => Number(path.basename(f, '.html'))).sort((a, b) => a - b);
    const picked = [pages[0], pages[Math.floor(pages.length / 2)], pages[pages.length - 1]];
    for (const n of picked) await checkFinding(browser, `findings/${n}.html`, 'light');
    await checkFinding(browser, `findings/${picked[1]}.html`, 'dark');
  } finally {
    await browser.close();
  }
  if (problems.length) {
    for (const problem of problems) console.log('FAIL: ' + problem);
    process.exit(1);
  }
  console.log('browser test: ok');
})().catch((error) => {
  console.log('FAIL: ' + error.stack);
  process.exit(1);
});
