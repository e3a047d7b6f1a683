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
 * `points` are {side: +1 | -1, remoteness} or null where the value is unknown. The move numbers
 * run along the bottom, the remoteness up and down the left axis; each point is a button
 * (`pointLabel(i)` names it) that calls `onSelect(i)`, the position after move i.
 */
export function historyChart({ points, label, top, bottom, axisMoves, axisRemoteness, pointLabel, onSelect, current }) {
  const known = points.filter(Boolean);
  const most = Math.max(1, ...known.map((p) => p.remoteness));
  const step = 30;
  const left = 64;
  const width = Math.max(220, left + (points.length - 1) * step + 24);
  const half = 60;
  const base = 18;
  const height = base + half * 2 + 38;
  const x = (i) => left + i * step;
  const yOf = (signed) => base + half - (signed * half) / most;
  const y = (p) => yOf(p.side * p.remoteness);
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-label': label, class: 'history-chart' });
  root.append(svg('rect', { x: left - 8, y: base, width: width - left + 8, height: half, class: 'zone-top' }));
  root.append(svg('rect', { x: left - 8, y: base + half, width: width - left + 8, height: half, class: 'zone-bottom' }));
  root.append(svg('line', { x1: left - 8, y1: base + half, x2: width, y2: base + half, class: 'axis' }));
  root.append(svg('line', { x1: left - 8, y1: base, x2: left - 8, y2: base + 2 * half, class: 'axis' }));
  root.append(svg('text', { x: 2, y: 12, class: 'tick' }, `▲ ${top}`));
  root.append(svg('text', { x: 2, y: base + 2 * half + 12, class: 'tick' }, `▼ ${bottom}`));
  // The remoteness axis: 0 on the centre line, the largest above and below it.
  for (const signed of [most, 0, -most]) {
    root.append(svg('text', { x: left - 12, y: yOf(signed) + 4, class: 'tick end' }, String(Math.abs(signed))));
  }
  root.append(svg('text', { x: left - 12, y: base + half - 14, class: 'tick end axis-name' }, axisRemoteness));
  // The move numbers.
  const every = points.length > 40 ? 5 : 1;
  points.forEach((_, i) => {
    if (i % every === 0 || i === points.length - 1) {
      root.append(svg('text', { x: x(i), y: base + 2 * half + 14, class: 'tick middle' }, String(i)));
    }
  });
  root.append(svg('text', { x: (left + width) / 2, y: height - 4, class: 'tick middle axis-name' }, axisMoves));
  const line = [];
  points.forEach((p, i) => {
    if (p) line.push(`${x(i)},${y(p)}`);
  });
  if (line.length > 1) root.append(svg('polyline', { points: line.join(' '), class: 'trace' }));
  points.forEach((p, i) => {
    if (!p) return;
    const point = svg('g', {
      class: `point${i === current ? ' current' : ''}`, role: 'button', tabindex: '0', 'aria-label': pointLabel(i),
      'data-testid': 'chart-point', 'data-moves': i,
    });
    point.append(svg('circle', { cx: x(i), cy: y(p), r: 9, class: p.side > 0 ? 'dot top' : 'dot bottom' }));
    point.append(svg('text', { x: x(i), y: y(p) + 4, class: 'dot-label', 'aria-hidden': 'true' }, String(p.remoteness)));
    point.addEventListener('click', () => onSelect(i));
    point.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onSelect(i);
      }
    });
    root.append(point);
  });
  return root;
}
