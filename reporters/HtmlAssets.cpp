//===- HtmlAssets.cpp - The style sheet and script of the HTML report -----===//
//
// Written beside the pages (report.css, report.js): no network, no external
// fonts or scripts, so the report works from file:// and as a CI artifact.
// One look in a light and a dark theme (prefers-color-scheme).
//
//===----------------------------------------------------------------------===//

namespace memlint {

extern const char *const kHtmlReportCss;
extern const char *const kHtmlReportJs;

const char *const kHtmlReportCss = R"css(:root {
  --bg: #ffffff; --fg: #1f2328; --muted: #656d76; --border: #d0d7de;
  --code-bg: #f6f8fa; --bug-bg: #ffebe9; --bug-fg: #a40e26;
  --bubble-bg: #0969da; --bubble-fg: #ffffff; --step-bg: #ddf4ff;
  --error: #cf222e; --warning: #9a6700; --add: #dafbe1; --del: #ffebe9;
  --link: #0969da; --row-alt: #f6f8fa;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --fg: #e6edf3; --muted: #8d96a0; --border: #30363d;
    --code-bg: #161b22; --bug-bg: #3c1618; --bug-fg: #ffa198;
    --bubble-bg: #1f6feb; --bubble-fg: #ffffff; --step-bg: #0c2d6b;
    --error: #f85149; --warning: #d29922; --add: #12261e; --del: #3c1618;
    --link: #4493f8; --row-alt: #161b22;
  }
  .svg svg { background: #ffffff; border-radius: 4px; }
}
body { background: var(--bg); color: var(--fg); margin: 0 auto; max-width: 1400px;
  padding: 0 1.5em 2em; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
a { color: var(--link); }
h1 { font-size: 1.35em; margin: 0.6em 0 0.2em; }
h2 { font-size: 1.1em; margin: 1.2em 0 0.4em; }
.meta, .summary, .keys, .where { color: var(--muted); }
.keys { float: right; font-size: 0.9em; }
nav.top { padding: 0.6em 0; border-bottom: 1px solid var(--border); }
nav.top a { margin-right: 1em; }
.level-error { color: var(--error); font-weight: 600; }
.level-warning { color: var(--warning); font-weight: 600; }
table { border-collapse: collapse; }
.counts { display: flex; gap: 2em; flex-wrap: wrap; align-items: flex-start; }
.counts caption { text-align: left; font-weight: 600; padding-bottom: 0.3em; }
.counts td, .counts th, #findings td, #findings th { border: 1px solid var(--border);
  padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
#findings { width: 100%; margin-top: 0.6em; }
#findings tbody tr:nth-child(even) { background: var(--row-alt); }
#findings th { cursor: pointer; user-select: none; white-space: nowrap; }
#findings td:nth-child(5) { white-space: nowrap; }
#findings th[aria-sort="ascending"]::after { content: " \25B2"; }
#findings th[aria-sort="descending"]::after { content: " \25BC"; }
#findings tr.selected { outline: 2px solid var(--bubble-bg); }
.controls label { margin-right: 1em; }
.controls input { width: 22em; }
input, select, button { background: var(--bg); color: var(--fg);
  border: 1px solid var(--border); border-radius: 4px; padding: 0.2em 0.4em; font: inherit; }
.pager { margin-top: 0.6em; }
table.source { width: 100%; background: var(--code-bg); border: 1px solid var(--border);
  font: 13px/1.5 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
table.source td.ln { width: 1%; padding: 0 0.8em; text-align: right; color: var(--muted);
  user-select: none; border-right: 1px solid var(--border); }
table.source td.ln a { color: inherit; text-decoration: none; }
table.source td.code { white-space: pre; padding: 0 0.8em; }
table.source tr.bug td.code { background: var(--bug-bg); color: var(--bug-fg); font-weight: 600; }
table.source tr.line:target td { outline: 2px solid var(--bubble-bg); }
table.source tr.step td { padding: 0.15em 0.8em; background: var(--step-bg);
  font-family: system-ui, -apple-system, "Segoe UI", sans-serif; white-space: normal; }
table.source tr.bug-step td { background: var(--bug-bg); }
table.source tr.gap td { color: var(--muted); }
.bubble { display: inline-block; min-width: 1.5em; height: 1.5em; line-height: 1.5em;
  border-radius: 0.75em; background: var(--bubble-bg); color: var(--bubble-fg);
  text-align: center; font-weight: 700; font-size: 0.85em; margin-right: 0.4em; }
.bubble.bug { background: var(--error); }
pre.diff { background: var(--code-bg); border: 1px solid var(--border); padding: 0.6em;
  overflow-x: auto; font: 13px/1.5 ui-monospace, Menlo, Consolas, monospace; }
pre.diff .add { background: var(--add); display: block; }
pre.diff .del { background: var(--del); display: block; }
pre.diff .hunk, pre.diff .head { color: var(--muted); display: block; }
pre.diff .ctx { display: block; }
.chart summary { cursor: pointer; font-weight: 600; margin: 1em 0 0.4em; }
.svg { overflow-x: auto; }
.svg svg { max-width: none; height: auto; }
)css";

const char *const kHtmlReportJs = R"js('use strict';
// The index's table (sort, filter, pages) and the keyboard shortcuts of the
// pages: j / k the next / previous finding, u the index.
(function () {
  function onKey(event) {
    var target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey ||
        (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' ||
                    target.tagName === 'TEXTAREA')))
      return;
    var rel = { j: 'next', k: 'prev', u: 'index' }[event.key];
    if (document.getElementById('findings-data')) {
      if (event.key === 'j' || event.key === 'k') {
        moveSelection(event.key === 'j' ? 1 : -1);
        event.preventDefault();
        return;
      }
      if (event.key === 'Enter' && selected) {
        window.location.href = selected.dataset.href;
        return;
      }
      if (event.key === '/') {
        document.getElementById('filter').focus();
        event.preventDefault();
      }
      return;
    }
    if (!rel) return;
    var link = document.querySelector('a[rel="' + rel + '"]');
    if (link) window.location.href = link.getAttribute('href');
  }
  document.addEventListener('keydown', onKey);

  var dataElement = document.getElementById('findings-data');
  if (!dataElement) return;
  var all = JSON.parse(dataElement.textContent);
  var perPage = 100;
  var state = { key: 'n', ascending: true, filter: '', rule: '', level: '', page: 0 };
  var selected = null;
  var tbody = document.querySelector('#findings tbody');
  var columns = ['n', 'file', 'line', 'function', 'rule', 'level', 'message', 'paths'];

  function matches(row) {
    if (state.rule && row.rule !== state.rule) return false;
    if (state.level && row.level !== state.level) return false;
    if (!state.filter) return true;
    var needle = state.filter.toLowerCase();
    return [row.file, row['function'], row.rule, row.message].some(function (text) {
      return String(text).toLowerCase().indexOf(needle) >= 0;
    });
  }
  function compare(a, b) {
    var x = a[state.key], y = b[state.key];
    var order = typeof x === 'number' ? x - y : String(x).localeCompare(String(y));
    if (order === 0) order = a.n - b.n;
    return state.ascending ? order : -order;
  }
  function render() {
    var rows = all.filter(matches).sort(compare);
    var pages = Math.max(1, Math.ceil(rows.length / perPage));
    state.page = Math.min(state.page, pages - 1);
    var fragment = document.createDocumentFragment();
    rows.slice(state.page * perPage, (state.page + 1) * perPage).forEach(function (row) {
      var tr = document.createElement('tr');
      tr.dataset.href = row.href;
      columns.forEach(function (key) {
        var td = document.createElement('td');
        if (key === 'n' || key === 'message') {
          var a = document.createElement('a');
          a.href = row.href;
          a.textContent = key === 'n' ? '#' + row.n : row.message;
          td.appendChild(a);
        } else {
          td.textContent = row[key];
          if (key === 'level') td.className = 'level-' + row.level;
        }
        tr.appendChild(td);
      });
      fragment.appendChild(tr);
    });
    tbody.textContent = '';
    tbody.appendChild(fragment);
    selected = null;
    document.getElementById('shown').textContent =
        rows.length + ' of ' + all.length + ' findings';
    document.getElementById('page').textContent =
        'page ' + (state.page + 1) + ' of ' + pages;
    document.getElementById('prev-page').disabled = state.page === 0;
    document.getElementById('next-page').disabled = state.page + 1 >= pages;
    document.querySelectorAll('#findings th').forEach(function (th) {
      if (th.dataset.key === state.key)
        th.setAttribute('aria-sort', state.ascending ? 'ascending' : 'descending');
      else
        th.removeAttribute('aria-sort');
    });
  }
  function moveSelection(delta) {
    var rows = Array.prototype.slice.call(tbody.querySelectorAll('tr'));
    if (!rows.length) return;
    var index = selected ? rows.indexOf(selected) + delta : 0;
    index = Math.max(0, Math.min(rows.length - 1, index));
    if (selected) selected.classList.remove('selected');
    selected = rows[index];
    selected.classList.add('selected');
    selected.scrollIntoView({ block: 'nearest' });
  }
  document.querySelectorAll('#findings th').forEach(function (th) {
    th.addEventListener('click', function () {
      if (state.key === th.dataset.key) state.ascending = !state.ascending;
      else { state.key = th.dataset.key; state.ascending = true; }
      render();
    });
  });
  document.getElementById('filter').addEventListener('input', function (event) {
    state.filter = event.target.value; state.page = 0; render();
  });
  document.getElementById('rule').addEventListener('change', function (event) {
    state.rule = event.target.value; state.page = 0; render();
  });
  document.getElementById('level').addEventListener('change', function (event) {
    state.level = event.target.value; state.page = 0; render();
  });
  document.getElementById('prev-page').addEventListener('click', function () {
    state.page -= 1; render();
  });
  document.getElementById('next-page').addEventListener('click', function () {
    state.page += 1; render();
  });
  render();
})();
)js";

} // namespace memlint
