// Pictures of the playground, drawn as SVG through the DOM (no inline styles: the page's
// Content-Security-Policy allows none): the SG sequence of one heap with its period, and the
// value history of a game.

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes. */
export function svg(name, attributes = {}, text) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/**
 * The SG sequence `values` (numbers, or 'P'/'N' outcomes under misère play) as bars, P-positions
 * as red dots, `current` marked, and the periodic part shaded period by period.
 */
export function sequenceChart({ values, current, period, label, here }) {
  const outcomes = values.some((v) => typeof v === 'string');
  const heights = values.map((v) => (outcomes ? (v === 'P' ? 0 : 1) : Number(v)));
  const top = Math.max(1, ...heights);
  const barWidth = 12;
  const width = values.length * barWidth + 40;
  const plot = 120;
  const height = plot + 44;
  const x = (n) => 30 + n * barWidth;
  const y = (h) => 10 + plot - (h / top) * plot;
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label, class: 'sequence' });
  if (period) {
    for (let start = period.preperiod, block = 0; start < values.length; start += period.period, block++) {
      const end = Math.min(values.length, start + period.period);
      root.append(svg('rect', {
        x: x(start), y: 6, width: (end - start) * barWidth, height: plot + 8,
        class: block % 2 === 0 ? 'period-a' : 'period-b',
      }));
    }
  }
  root.append(svg('line', { x1: 26, y1: y(0), x2: width - 6, y2: y(0), class: 'axis' }));
  root.append(svg('text', { x: 4, y: y(top) + 4, class: 'tick' }, outcomes ? 'N' : String(top)));
  root.append(svg('text', { x: 4, y: y(0) + 4, class: 'tick' }, outcomes ? 'P' : '0'));
  heights.forEach((h, n) => {
    const cls = n === current ? 'bar current' : 'bar';
    if (h > 0) root.append(svg('rect', { x: x(n) + 2, y: y(h), width: barWidth - 4, height: y(0) - y(h), class: cls }));
    else root.append(svg('circle', { cx: x(n) + barWidth / 2, cy: y(0), r: 4, class: n === current ? 'p-dot current' : 'p-dot' }));
    if (n % 5 === 0) root.append(svg('text', { x: x(n) + barWidth / 2, y: plot + 28, class: 'tick middle' }, String(n)));
  });
  if (current !== null && current < values.length) {
    root.append(svg('text', { x: x(current) + barWidth / 2, y: plot + 42, class: 'tick middle here' }, `▲ ${here}`));
  }
  return root;
}

/**
 * The value history: one point per position of the game, above the centre line when it favours
 * the side named `top`, below for `bottom`, at a distance given by the remoteness (moves left).
 * `points` are {move, side: +1 | -1, remoteness} or null where the value is unknown.
 */
export function historyChart({ points, label, top, bottom }) {
  const known = points.filter(Boolean);
  const most = Math.max(1, ...known.map((p) => p.remoteness));
  const step = 28;
  const width = Math.max(200, 60 + (points.length - 1) * step + 20);
  const half = 60;
  const height = half * 2 + 30;
  const x = (i) => 60 + i * step;
  const y = (p) => 15 + half - (p.side * p.remoteness * half) / most;
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label, class: 'history-chart' });
  root.append(svg('rect', { x: 0, y: 15, width, height: half, class: 'zone-top' }));
  root.append(svg('rect', { x: 0, y: 15 + half, width, height: half, class: 'zone-bottom' }));
  root.append(svg('line', { x1: 0, y1: 15 + half, x2: width, y2: 15 + half, class: 'axis' }));
  root.append(svg('text', { x: 4, y: 12, class: 'tick' }, `▲ ${top}`));
  root.append(svg('text', { x: 4, y: height - 2, class: 'tick' }, `▼ ${bottom}`));
  const line = [];
  points.forEach((p, i) => {
    if (!p) return;
    line.push(`${x(i)},${y(p)}`);
  });
  if (line.length > 1) root.append(svg('polyline', { points: line.join(' '), class: 'trace' }));
  points.forEach((p, i) => {
    if (!p) return;
    root.append(svg('circle', { cx: x(i), cy: y(p), r: 8, class: p.side > 0 ? 'dot top' : 'dot bottom' }));
    root.append(svg('text', { x: x(i), y: y(p) + 4, class: 'dot-label' }, String(p.remoteness)));
  });
  return root;
}
