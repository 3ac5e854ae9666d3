/// The page's scripts (inline: the page loads nothing). They read the tape's data only through
/// `JSON.parse` and put it on the page only through `textContent`, never as markup.
enum ReportScript {
    /// Runs first: records script errors, console errors, blocked requests and `alert` calls in
    /// the DOM (`<html data-js-errors="N">`, `#js-errors`), where a headless browser's DOM dump
    /// shows them.
    static let errorHook = #"""
        (function () {
          var root = document.documentElement;
          var errors = [];
          function record(text) {
            errors.push(String(text));
            root.setAttribute('data-js-errors', String(errors.length));
            var list = document.getElementById('js-errors');
            if (list) { var item = document.createElement('li'); item.textContent = String(text); list.appendChild(item); list.hidden = false; }
          }
          window.addEventListener('error', function (event) {
            if (event.target && event.target !== window) { record('failed to load ' + (event.target.src || event.target.href || event.target.tagName)); return; }
            record((event.message || 'error') + ' (line ' + event.lineno + ':' + event.colno + ')');
          }, true);
          window.addEventListener('unhandledrejection', function (event) { record('unhandled rejection: ' + event.reason); });
          document.addEventListener('securitypolicyviolation', function (event) { record('blocked by the page policy: ' + event.blockedURI + ' (' + event.violatedDirective + ')'); });
          var consoleError = console.error;
          console.error = function () { record('console.error: ' + Array.prototype.join.call(arguments, ' ')); return consoleError.apply(console, arguments); };
          window.alert = function (text) {
            root.setAttribute('data-alerts', String(Number(root.getAttribute('data-alerts') || 0) + 1));
            record('alert: ' + text);
          };
          window.tapedeckReportErrors = errors;
        })();
        """#

    /// Draws the charts and runs the timeline: filters by type, direction and connection (also from
    /// the URL, `#type=u,claimEvent&dir=s2c&conn=2`), pages of `pageSize` rows, a jump to the failure. Leaves
    /// markers for tests: `data-charts-drawn`, each canvas's `data-points`, the table's
    /// `data-visible-rows` / `data-page-rows`, and `data-report-ready`.
    static let main = #"""
        (function () {
          'use strict';
          var root = document.documentElement;
          var data = JSON.parse(document.getElementById('report-data').textContent);
          var COLUMN = { index: 0, tape: 1, record: 2, time: 3, dir: 4, type: 5, summary: 6, detail: 7, undecodable: 8, conn: 9 };
          var samples = data.samples;
          var tapeAxis = samples.axis === 'tape';

          // ---- Charts: step lines on canvas, x = game minutes since 1970-01-01 of the game calendar,
          // or (tapeAxis) milliseconds of tape time when the game clock stands still.

          function gameClockText(minute, withTime) {
            var iso = new Date(minute * 60000).toISOString();
            return withTime ? iso.slice(5, 10) + ' ' + iso.slice(11, 16) : iso.slice(0, 10);
          }
          function niceStep(span, count) {
            var raw = span / count, power = Math.pow(10, Math.floor(Math.log10(raw))), scaled = raw / power;
            return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
          }
          var CLOCK_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 2880, 7200, 10080, 20160, 43200, 86400, 129600, 262800, 525600];
          function clockStep(span) {
            for (var i = 0; i < CLOCK_STEPS.length; i++) { if (span / CLOCK_STEPS[i] <= 7) { return CLOCK_STEPS[i]; } }
            return Math.ceil(span / 7 / 525600) * 525600;
          }
          function failureMinute() {
            if (data.failureRow === null) { return null; }
            var found = null;
            for (var i = 0; i < samples.row.length && samples.row[i] <= data.failureRow; i++) { found = samples.x[i]; }
            return found;
          }

          function drawChart(canvas) {
            var key = canvas.getAttribute('data-series'), color = canvas.getAttribute('data-color');
            var xs = samples.x, ys = samples[key], n = xs.length;
            var ratio = window.devicePixelRatio || 1;
            var width = canvas.clientWidth || 960, height = canvas.clientHeight || 220;
            canvas.width = Math.round(width * ratio); canvas.height = Math.round(height * ratio);
            var ctx = canvas.getContext('2d');
            ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
            ctx.fillStyle = '#fff'; ctx.fillRect(0, 0, width, height);
            var left = 70, right = 18, top = 12, bottom = 40, plotW = width - left - right, plotH = height - top - bottom;
            ctx.font = '11px sans-serif';
            if (n === 0) {
              ctx.fillStyle = '#666'; ctx.textAlign = 'center';
              ctx.fillText('No samples: the game clock was never set (no playerObject or dated update).', width / 2, height / 2);
              canvas.setAttribute('data-points', '0');
              return;
            }
            var xMin = Infinity, xMax = -Infinity, yMin = Infinity, yMax = -Infinity, i;
            for (i = 0; i < n; i++) {
              if (xs[i] < xMin) { xMin = xs[i]; } if (xs[i] > xMax) { xMax = xs[i]; }
              if (ys[i] < yMin) { yMin = ys[i]; } if (ys[i] > yMax) { yMax = ys[i]; }
            }
            if (xMax === xMin) { xMin -= tapeAxis ? 500 : 30; xMax += tapeAxis ? 500 : 30; }
            var xPad = (xMax - xMin) * 0.02;
            xMin -= xPad; xMax += xPad;
            if (yMax === yMin) { yMin -= 1; yMax += 1; }
            var yStep = niceStep(yMax - yMin, 5);
            yMin = Math.floor(yMin / yStep) * yStep; yMax = Math.ceil(yMax / yStep) * yStep;
            function px(x) { return left + (x - xMin) / (xMax - xMin) * plotW; }
            function py(y) { return top + plotH - (y - yMin) / (yMax - yMin) * plotH; }

            ctx.strokeStyle = '#e5e7eb'; ctx.fillStyle = '#555'; ctx.lineWidth = 1;
            ctx.textAlign = 'right'; ctx.textBaseline = 'middle';
            for (var y = yMin; y <= yMax + yStep / 2; y += yStep) {
              ctx.beginPath(); ctx.moveTo(left, Math.round(py(y)) + 0.5); ctx.lineTo(left + plotW, Math.round(py(y)) + 0.5); ctx.stroke();
              ctx.fillText(String(Math.round(y * 1000) / 1000), left - 6, py(y));
            }
            var xStep = tapeAxis ? niceStep(xMax - xMin, 7) : clockStep(xMax - xMin);
            ctx.textAlign = 'center'; ctx.textBaseline = 'top';
            for (var x = Math.ceil(xMin / xStep) * xStep; x <= xMax; x += xStep) {
              ctx.beginPath(); ctx.moveTo(Math.round(px(x)) + 0.5, top); ctx.lineTo(Math.round(px(x)) + 0.5, top + plotH); ctx.stroke();
              var label = tapeAxis ? (Math.round(x) / 1000) + ' s' : gameClockText(x, xStep < 1440), half = ctx.measureText(label).width / 2;
              ctx.fillText(label, Math.min(Math.max(px(x), half + 2), width - half - 2), top + plotH + 5);
            }
            ctx.fillStyle = '#333';
            ctx.fillText(tapeAxis ? 'tape time (seconds since the session began; the game clock stands still)' : 'game time (in-game clock: gameDate hourOfDay:minuteOfHour)', left + plotW / 2, top + plotH + 22);
            ctx.strokeStyle = '#999'; ctx.strokeRect(left + 0.5, top + 0.5, plotW, plotH);

            var failureX = failureMinute();
            if (failureX !== null) {
              ctx.strokeStyle = '#c0392b'; ctx.setLineDash([5, 4]); ctx.beginPath();
              ctx.moveTo(px(failureX), top); ctx.lineTo(px(failureX), top + plotH); ctx.stroke(); ctx.setLineDash([]);
            }

            var points = 0;
            ctx.strokeStyle = color; ctx.lineWidth = 2; ctx.beginPath();
            for (i = 0; i < n; i++) {
              if (i === 0) { ctx.moveTo(px(xs[0]), py(ys[0])); } else { ctx.lineTo(px(xs[i]), py(ys[i - 1])); ctx.lineTo(px(xs[i]), py(ys[i])); }
              points++;
            }
            ctx.stroke();
            if (n <= 400) {
              ctx.fillStyle = color;
              for (i = 0; i < n; i++) { ctx.beginPath(); ctx.arc(px(xs[i]), py(ys[i]), 2.5, 0, 2 * Math.PI); ctx.fill(); }
            }
            canvas.setAttribute('data-points', String(points));
          }

          function drawCharts() {
            var canvases = document.querySelectorAll('canvas.chart'), drawn = 0;
            for (var i = 0; i < canvases.length; i++) { drawChart(canvases[i]); drawn++; }
            root.setAttribute('data-charts-drawn', String(drawn));
          }

          // ---- Timeline: filters, pages, the failure.

          var typeBoxes = Array.prototype.slice.call(document.querySelectorAll('input.type-filter'));
          var direction = document.getElementById('filter-direction');
          var connection = document.getElementById('filter-connection');
          var table = document.getElementById('timeline-table');
          var body = document.getElementById('timeline-rows');
          var pageLabel = document.getElementById('page-label');
          var matchCount = document.getElementById('match-count');
          var page = 0, focusRow = null;

          function readHash() {
            var hash = location.hash.replace(/^#/, '');
            if (!/(^|&)(type|dir|conn|page)=/.test(hash)) { return false; }
            var params = new URLSearchParams(hash);
            if (params.has('type')) {
              var wanted = params.get('type').split(',');
              typeBoxes.forEach(function (box) { box.checked = wanted.indexOf(box.value) >= 0; });
            }
            if (params.has('dir')) {
              var value = params.get('dir');
              direction.value = Array.prototype.some.call(direction.options, function (option) { return option.value === value; }) ? value : 'all';
            }
            if (params.has('conn')) {
              var wantedConnection = params.get('conn');
              connection.value = Array.prototype.some.call(connection.options, function (option) { return option.value === wantedConnection; }) ? wantedConnection : 'all';
            }
            page = params.has('page') ? Math.max(0, (parseInt(params.get('page'), 10) || 1) - 1) : 0;
            return true;
          }
          function writeHash() {
            var params = new URLSearchParams();
            var checked = typeBoxes.filter(function (box) { return box.checked; });
            if (checked.length !== typeBoxes.length) { params.set('type', checked.map(function (box) { return box.value; }).join(',')); }
            if (direction.value !== 'all') { params.set('dir', direction.value); }
            if (connection.value !== 'all') { params.set('conn', connection.value); }
            if (page > 0) { params.set('page', String(page + 1)); }
            history.replaceState(null, '', params.toString() ? '#' + params.toString() : location.pathname + location.search);
          }
          function matching() {
            var types = {};
            typeBoxes.forEach(function (box) { if (box.checked) { types[box.value] = true; } });
            var dir = direction.value, conn = connection.value;
            return data.rows.filter(function (row) {
              return types[row[COLUMN.type]] === true && (dir === 'all' || row[COLUMN.dir] === dir) && (conn === 'all' || String(row[COLUMN.conn]) === conn);
            });
          }
          function cell(tr, text, className) {
            var td = document.createElement('td');
            td.textContent = text;
            if (className) { td.className = className; }
            tr.appendChild(td);
            return td;
          }
          function render() {
            var rows = matching(), size = data.pageSize, pages = Math.max(1, Math.ceil(rows.length / size));
            page = Math.min(Math.max(page, 0), pages - 1);
            var shown = rows.slice(page * size, page * size + size);
            var fragment = document.createDocumentFragment();
            shown.forEach(function (row) {
              var tr = document.createElement('tr');
              tr.id = 'row-' + row[COLUMN.index];
              var classes = [];
              if (row[COLUMN.index] === data.failureRow) { classes.push('fail'); }
              if (row[COLUMN.undecodable]) { classes.push('bad'); }
              if (row[COLUMN.index] === focusRow) { classes.push('focus'); }
              tr.className = classes.join(' ');
              cell(tr, String(row[COLUMN.index]), 'num');
              if (data.tapeCount > 1) { cell(tr, (row[COLUMN.tape] + 1) + ':' + row[COLUMN.record], 'num'); }
              cell(tr, row[COLUMN.time], 'num');
              cell(tr, String(row[COLUMN.conn]), 'num');
              cell(tr, row[COLUMN.dir]);
              cell(tr, row[COLUMN.type]);
              var summary = cell(tr, '', 'summary');
              if (row[COLUMN.detail] === null) {
                summary.textContent = row[COLUMN.summary];
              } else {
                var details = document.createElement('details'), title = document.createElement('summary'), pre = document.createElement('pre');
                title.textContent = row[COLUMN.summary];
                pre.textContent = row[COLUMN.detail];
                details.appendChild(title); details.appendChild(pre); summary.appendChild(details);
              }
              fragment.appendChild(tr);
            });
            body.textContent = '';
            body.appendChild(fragment);
            table.setAttribute('data-visible-rows', String(rows.length));
            table.setAttribute('data-page-rows', String(shown.length));
            pageLabel.textContent = 'page ' + (page + 1) + ' of ' + pages;
            matchCount.textContent = rows.length + ' of ' + data.rows.length + ' embedded records match';
            document.getElementById('page-previous').disabled = page === 0;
            document.getElementById('page-next').disabled = page >= pages - 1;
          }
          function changed() { page = 0; focusRow = null; writeHash(); render(); }

          typeBoxes.forEach(function (box) { box.addEventListener('change', changed); });
          direction.addEventListener('change', changed);
          connection.addEventListener('change', changed);
          document.getElementById('types-all').addEventListener('click', function () { typeBoxes.forEach(function (box) { box.checked = true; }); changed(); });
          document.getElementById('types-none').addEventListener('click', function () { typeBoxes.forEach(function (box) { box.checked = false; }); changed(); });
          document.getElementById('page-previous').addEventListener('click', function () { page -= 1; writeHash(); render(); });
          document.getElementById('page-next').addEventListener('click', function () { page += 1; writeHash(); render(); });
          window.addEventListener('hashchange', function () { if (readHash()) { render(); } });
          var gotoFailure = document.getElementById('goto-failure');
          if (gotoFailure) {
            gotoFailure.addEventListener('click', function () {
              typeBoxes.forEach(function (box) { box.checked = true; });
              direction.value = 'all';
              connection.value = 'all';
              var position = data.rows.findIndex(function (row) { return row[COLUMN.index] === data.failureRow; });
              page = position < 0 ? 0 : Math.floor(position / data.pageSize);
              focusRow = data.failureRow;
              writeHash(); render();
              var row = document.getElementById('row-' + data.failureRow);
              if (row) { row.scrollIntoView({ block: 'center' }); }
            });
          }

          readHash();
          render();
          drawCharts();
          var resizeTimer = null;
          window.addEventListener('resize', function () { clearTimeout(resizeTimer); resizeTimer = setTimeout(drawCharts, 100); });
          root.setAttribute('data-js-errors', String(window.tapedeckReportErrors ? window.tapedeckReportErrors.length : 0));
          root.setAttribute('data-report-ready', '1');
        })();
        """#
}
