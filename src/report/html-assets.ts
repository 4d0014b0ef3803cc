/**
 * The HTML report's inline style and script. Both are constants: no run data is ever interpolated into
 * them, so nothing a merchant sends can end a <style> or <script> element.
 */

/** Case statuses in the order the filters list them. */
export const STATUSES = ['failed', 'errored', 'warning', 'passed', 'skipped'] as const;

const hideRules = STATUSES.map((s) => `.hide-${s} .case[data-status="${s}"]`).join(',\n');

export const STYLE = `
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1d2228; --muted: #5c6670; --line: #d7dce1; --panel: #f5f7f9; --code: #eef1f4;
  --passed: #1f7a3a; --failed: #c0262d; --warning: #9a6200; --errored: #8e2a9e; --skipped: #6b7280;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15181c; --fg: #e4e7eb; --muted: #9aa4ae; --line: #323840; --panel: #1d2126; --code: #242a31;
    --passed: #4fc06f; --failed: #ff6b6b; --warning: #f0b43c; --errored: #d87ce6; --skipped: #9ca3af;
  }
}
* { box-sizing: border-box; }
body { margin: 0; padding: 0 1.25rem 3rem; background: var(--bg); color: var(--fg);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 12.5px; }
pre { margin: .25rem 0; padding: .5rem .65rem; background: var(--code); border-radius: 4px; white-space: pre-wrap;
  overflow-wrap: anywhere; max-height: 32rem; overflow: auto; }
code { overflow-wrap: anywhere; }
h1 { font-size: 1.5rem; margin: 1.25rem 0 .25rem; }
h2 { font-size: 1.15rem; margin: 0; }
h4 { margin: .75rem 0 .25rem; font-size: .95rem; }
.meta, .muted { color: var(--muted); }
.verdict { display: inline-block; margin: .5rem 0; padding: .3rem .7rem; border-radius: 4px; font-weight: 600; color: #fff; }
.verdict.v-failed { background: var(--failed); } .verdict.v-errored { background: var(--errored); }
.verdict.v-passed { background: var(--passed); } .verdict.v-empty { background: var(--skipped); }
.tiles { display: flex; flex-wrap: wrap; gap: .5rem; margin: .75rem 0; }
.tile { min-width: 7.5rem; padding: .5rem .75rem; border: 1px solid var(--line); border-left-width: 4px; border-radius: 4px; background: var(--panel); }
.tile .n { display: block; font-size: 1.4rem; font-weight: 700; }
.tile.st-passed { border-left-color: var(--passed); } .tile.st-failed { border-left-color: var(--failed); }
.tile.st-warning { border-left-color: var(--warning); } .tile.st-errored { border-left-color: var(--errored); }
.tile.st-skipped { border-left-color: var(--skipped); } .tile.cases { border-left-color: var(--fg); }
.filters { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; align-items: center; gap: .4rem .9rem;
  padding: .55rem .75rem; margin: .75rem 0; background: var(--panel); border: 1px solid var(--line); border-radius: 4px; }
.filters[hidden] { display: none; }
.filters label { cursor: pointer; white-space: nowrap; }
.filters button { font: inherit; padding: .15rem .6rem; border: 1px solid var(--line); border-radius: 4px; background: var(--bg); color: var(--fg); cursor: pointer; }
.filters .sep { width: 1px; align-self: stretch; background: var(--line); }
.toc ul { margin: .25rem 0 1rem; padding-left: 1.2rem; }
.toc li.empty { opacity: .45; }
.group { margin: 1.25rem 0; border: 1px solid var(--line); border-radius: 6px; overflow: hidden; }
.group[hidden] { display: none; }
.group > header { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: baseline; padding: .6rem .8rem; background: var(--panel); border-bottom: 1px solid var(--line); }
.case { padding: .6rem .8rem; border-bottom: 1px solid var(--line); border-left: 4px solid var(--skipped); }
.case:last-child { border-bottom: 0; }
.case[data-status="passed"] { border-left-color: var(--passed); } .case[data-status="failed"] { border-left-color: var(--failed); }
.case[data-status="warning"] { border-left-color: var(--warning); } .case[data-status="errored"] { border-left-color: var(--errored); }
${hideRules} { display: none; }
.case-head { display: flex; flex-wrap: wrap; gap: .35rem .75rem; align-items: baseline; }
.case-name { font-weight: 600; overflow-wrap: anywhere; }
.case-head .url { color: var(--muted); max-width: 48rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.badge { display: inline-block; min-width: 4.2rem; text-align: center; padding: 0 .4rem; border-radius: 3px; font-size: 12px;
  font-weight: 700; text-transform: uppercase; color: #fff; background: var(--skipped); }
.badge.st-passed { background: var(--passed); } .badge.st-failed { background: var(--failed); }
.badge.st-warning { background: var(--warning); } .badge.st-errored { background: var(--errored); }
.findings { list-style: none; margin: .5rem 0 0; padding: 0; }
.finding { margin: .35rem 0; padding: .4rem .6rem; border: 1px solid var(--line); border-radius: 4px; background: var(--panel); }
.finding .msg { margin: .2rem 0; overflow-wrap: anywhere; }
.sev { font-size: 11px; font-weight: 700; text-transform: uppercase; }
.sev-error .sev { color: var(--failed); } .sev-warning .sev { color: var(--warning); } .sev-info .sev { color: var(--muted); }
.ev { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .6rem; margin: .25rem 0 0; }
.ev dt { color: var(--muted); padding-top: .3rem; } .ev dd { margin: 0; min-width: 0; }
.ev pre { margin: 0; padding: .2rem .45rem; max-height: 12rem; }
.repro { margin-top: .5rem; } .repro pre { user-select: all; }
details.exchange { margin-top: .5rem; }
details.exchange > summary { cursor: pointer; color: var(--muted); }
details.exchange[open] > summary { margin-bottom: .25rem; }
.cols { display: grid; grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr)); gap: .25rem 1.25rem; }
.cols > section { min-width: 0; }
table.kv { border-collapse: collapse; width: 100%; margin: .25rem 0; }
table.kv th, table.kv td { text-align: left; vertical-align: top; padding: .15rem .5rem; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
table.kv th { width: 30%; font-weight: 500; color: var(--muted); }
.checks { margin: .25rem 0; padding-left: 1.2rem; }
.empty-note { padding: 1rem; color: var(--muted); }
footer { margin-top: 2rem; color: var(--muted); font-size: 12px; }
@media print { .filters { display: none; } .group { break-inside: avoid-page; } }
`;

/**
 * Filters and expand/collapse. Which cases show is a class per hidden status on <html> (the style
 * above hides those cases); sections left with no visible case are hidden too. Without script the
 * controls stay hidden and every case shows.
 */
export const SCRIPT = `
(function () {
  'use strict';
  var root = document.documentElement;
  var bar = document.getElementById('filters');
  if (!bar) return;
  var boxes = Array.prototype.slice.call(bar.querySelectorAll('input[type="checkbox"][data-status]'));
  var cases = Array.prototype.slice.call(document.querySelectorAll('.case'));
  var groups = Array.prototype.slice.call(document.querySelectorAll('.group'));
  var count = document.getElementById('shown-count');
  var none = document.getElementById('none-shown');
  function apply() {
    var on = {};
    boxes.forEach(function (b) {
      on[b.getAttribute('data-status')] = b.checked;
      root.classList.toggle('hide-' + b.getAttribute('data-status'), !b.checked);
    });
    var visible = function (c) { return on[c.getAttribute('data-status')] !== false; };
    var shown = cases.filter(visible).length;
    groups.forEach(function (g) {
      var any = Array.prototype.some.call(g.querySelectorAll('.case'), visible);
      g.hidden = !any;
      var entry = document.querySelector('.toc li[data-group="' + g.id + '"]');
      if (entry) entry.classList.toggle('empty', !any);
    });
    if (count) count.textContent = shown + ' of ' + cases.length + ' case' + (cases.length === 1 ? '' : 's') + ' shown';
    if (none) none.hidden = shown > 0 || cases.length === 0;
  }
  bar.addEventListener('change', apply);
  bar.addEventListener('click', function (event) {
    var button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    var show = button.getAttribute('data-show');
    if (show !== null) {
      var wanted = show.split(' ');
      boxes.forEach(function (b) { b.checked = show === 'all' || wanted.indexOf(b.getAttribute('data-status')) >= 0; });
      apply();
    }
    var expand = button.getAttribute('data-expand');
    if (expand !== null) {
      document.querySelectorAll('details.exchange').forEach(function (d) { d.open = expand === 'open'; });
    }
  });
  bar.hidden = false;
  apply();
})();
`;
