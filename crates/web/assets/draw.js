// Pictures of the playground, drawn as SVG through the DOM (no inline styles: the page's
// Content-Security-Policy allows none): the SG sequence of one heap with its period, the value
// history of a game, and a position of a game on a graph or a board of cells as the engine laid
// it out.

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
 * The grid of a two-heap game zoomed out, as `nimlab plot --rows R --cols C --outcomes` draws it,
 * from the reports' grid (`/api/plot`): one cell per position (r, c), row 0 at the bottom,
 * P-positions in red, the others grey; the rows and columns numbered along the axes. `label`
 * names the picture, `rowAxis` and `colAxis` the axes.
 */
export function gridPicture({ rows, cols, p_positions: pPositions }, { label, rowAxis, colAxis }) {
  const span = Math.max(rows, cols) + 1;
  // About 600 units across, so that its numbers stay legible when a phone shrinks it.
  const cell = Math.min(12, Math.max(2, Math.floor(600 / span)));
  const [left, top, bottom, right] = [70, 8, 50, 8];
  const width = left + cell * (cols + 1) + right;
  const height = top + cell * (rows + 1) + bottom;
  const x = (c) => left + c * cell;
  const y = (r) => top + (rows - r) * cell;
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label, class: 'grid-plot' });
  root.append(svg('rect', { x: x(0), y: y(rows), width: cell * (cols + 1), height: cell * (rows + 1), class: 'n-cells' }));
  for (const [r, c] of pPositions) {
    root.append(svg('rect', { x: x(c), y: y(r), width: cell, height: cell, class: 'p-cell', 'data-cell': `${r},${c}` }));
  }
  // About ten numbers along each axis, at round steps.
  const step = [1, 2, 5, 10, 20, 25, 50, 100].find((s) => span / s <= 12) ?? 100;
  for (let c = 0; c <= cols; c += step) {
    root.append(svg('text', { x: x(c) + cell / 2, y: y(0) + cell + 20, class: 'tick middle' }, String(c)));
  }
  for (let r = 0; r <= rows; r += step) {
    root.append(svg('text', { x: left - 6, y: y(r) + cell / 2 + 6, class: 'tick end' }, String(r)));
  }
  root.append(svg('text', { x: x(0) + (cell * (cols + 1)) / 2, y: height - 6, class: 'tick middle' }, colAxis));
  const middle = y(rows) + (cell * (rows + 1)) / 2;
  root.append(svg('text', { x: 18, y: middle, class: 'tick middle', transform: `rotate(-90 18 ${middle})` }, rowAxis));
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
  // Each label has a line of its own, clear of the axis's numbers: who is favoured above the
  // chart and below the move numbers, the numbers in the column left of the chart.
  const base = 34;
  const height = base + half * 2 + 54;
  const x = (i) => left + i * step;
  const yOf = (signed) => base + half - (signed * half) / most;
  const y = (p) => yOf(p.side * p.remoteness);
  const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-label': label, class: 'history-chart' });
  root.append(svg('rect', { x: left - 8, y: base, width: width - left + 8, height: half, class: 'zone-top' }));
  root.append(svg('rect', { x: left - 8, y: base + half, width: width - left + 8, height: half, class: 'zone-bottom' }));
  root.append(svg('line', { x1: left - 8, y1: base + half, x2: width, y2: base + half, class: 'axis' }));
  root.append(svg('line', { x1: left - 8, y1: base, x2: left - 8, y2: base + 2 * half, class: 'axis' }));
  root.append(svg('text', { x: left - 8, y: 14, class: 'tick', 'data-testid': 'chart-top' }, `▲ ${top}`));
  root.append(svg('text', { x: left - 8, y: base + 2 * half + 34, class: 'tick', 'data-testid': 'chart-bottom' }, `▼ ${bottom}`));
  // The remoteness axis: 0 on the centre line, the largest above and below it.
  for (const signed of [most, 0, -most]) {
    root.append(svg('text', { x: left - 12, y: yOf(signed) + 4, class: 'tick end' }, String(Math.abs(signed))));
  }
  root.append(svg('text', { x: left - 12, y: base + half - 14, class: 'tick end axis-name' }, axisRemoteness));
  // The move numbers.
  const every = points.length > 40 ? 5 : 1;
  points.forEach((_, i) => {
    if (i % every === 0 || i === points.length - 1) {
      root.append(svg('text', { x: x(i), y: base + 2 * half + 16, class: 'tick middle' }, String(i)));
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

/**
 * A board whose pieces fill its cells (`layout.cells`), each vertex drawn as its cell's square:
 * a square whose click makes a move (`vertex.move`, Chomp's taking) is a button; a move on an
 * edge (Cram's domino) is made by choosing its two cells, one after the other (the first stays
 * chosen, its partners highlighted, until the second is chosen, it is chosen again or another
 * cell is). Covered cells are filled, the poisoned cell (`layout.poisoned`) marked. With the
 * values shown, an edge's mark stands on the border between its two cells. `label('vertex',
 * cell)` names a cell, `label('edge', edge)` an edge's move.
 */
function cellsPicture({ layout, label, groupLabel, mark, onPick, enabled, part }) {
  const half = 48;
  const margin = 8;
  const root = svg('svg', {
    viewBox: `${-half - margin} ${-half - margin} ${layout.width + 2 * (half + margin)} ${layout.height + 2 * (half + margin)}`,
    role: 'group', 'aria-label': groupLabel, class: 'graph-board cells-board', 'data-testid': `graph-${part ?? 0}`,
  });
  root.setAttribute('width', String(Math.round(Math.min(720, (layout.width + 2 * (half + margin)) * 0.8))));
  const partners = new Map(layout.vertices.map((v) => [v.id, []]));
  for (const edge of layout.edges) {
    if (edge.move === null) continue;
    partners.get(edge.ends[0]).push([edge.ends[1], edge]);
    partners.get(edge.ends[1]).push([edge.ends[0], edge]);
  }
  const buttons = new Map();
  let chosen = null;
  const edgeTo = (v) => (chosen === null ? null : partners.get(chosen).find(([w]) => w === v)?.[1] ?? null);
  const refresh = () => {
    for (const [id, button] of buttons) {
      const vertex = layout.vertices[id];
      const edge = edgeTo(id);
      button.classList.toggle('chosen', id === chosen);
      button.classList.toggle('partner', edge !== null);
      button.setAttribute('aria-pressed', String(id === chosen));
      button.setAttribute('aria-label', edge ? label('edge', edge) : label('vertex', vertex));
    }
  };
  const pick = (vertex) => {
    if (!enabled) return;
    if (vertex.move !== null) {
      onPick(vertex.move);
      return;
    }
    const edge = edgeTo(vertex.id);
    if (edge) {
      chosen = null;
      onPick(edge.move);
      return;
    }
    chosen = chosen === vertex.id ? null : vertex.id;
    refresh();
  };
  for (const vertex of layout.vertices) {
    const poisoned = layout.poisoned === vertex.id;
    const playable = vertex.move !== null || partners.get(vertex.id).length > 0;
    const state = vertex.gone ? 'gone' : playable ? 'legal' : 'stuck';
    const shapes = [
      svg('rect', {
        x: vertex.x - half, y: vertex.y - half, width: 2 * half, height: 2 * half, rx: 6,
        class: `cell ${state}${poisoned ? ' poisoned' : ''}`,
      }),
      svg('text', { x: vertex.x, y: vertex.y + (poisoned ? 26 : 6), class: 'vertex-name', 'aria-hidden': 'true' }, vertex.name),
    ];
    if (poisoned) shapes.push(svg('text', { x: vertex.x, y: vertex.y - 4, class: 'poison', 'aria-hidden': 'true' }, '☠'));
    if (!playable) {
      const still = svg('g', { role: 'img', 'aria-label': label('vertex', vertex), 'data-vertex': vertex.id });
      still.append(...shapes);
      root.append(still);
      continue;
    }
    const button = svgButton({
      class: 'vertex-button', 'data-target': `v${vertex.id}`, 'data-part': part ?? '', 'data-vertex': vertex.id,
    }, () => pick(vertex));
    if (!enabled) button.setAttribute('aria-disabled', 'true');
    button.append(...shapes);
    const m = vertex.move === null ? null : mark(vertex);
    if (m) {
      button.classList.add(m.good ? 'good' : 'bad');
      button.append(svg('text', { x: vertex.x + half - 20, y: vertex.y - half + 24, class: 'graph-mark', 'aria-hidden': 'true' }, m.glyph));
    }
    buttons.set(vertex.id, button);
    root.append(button);
  }
  for (const edge of layout.edges) {
    const m = edge.move === null ? null : mark(edge);
    if (!m) continue;
    const [a, b] = edge.ends.map((id) => layout.vertices[id]);
    root.append(svg('text', {
      x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 + 8, class: `graph-mark edge-mark ${m.good ? 'good' : 'bad'}`, 'aria-hidden': 'true',
    }, m.glyph));
  }
  refresh();
  return root;
}

/** The SVG path of an edge from `a` to `b` through its control points (none: a straight line). */
/** The point at `t` (0 to 1) along the edge from `a` to `b` drawn through `curve`, as edgePath draws it. */
function pointOnEdge(a, b, curve, t) {
  const points = [a, ...curve, b];
  // De Casteljau: the line, the quadratic or the cubic curve.
  while (points.length > 1) {
    for (let i = 0; i < points.length - 1; i++) {
      points[i] = [points[i][0] + (points[i + 1][0] - points[i][0]) * t, points[i][1] + (points[i + 1][1] - points[i][1]) * t];
    }
    points.pop();
  }
  return points[0];
}

/**
 * Where each edge's mark stands: on the edge, at the first of a few points along it (its middle
 * first) at least `gap` from every vertex and every mark already placed, or else at the one
 * farthest from them, so that two marks never cover each other where edges cross or meet.
 */
function edgeMarkPlaces(layout, point, marks) {
  const gap = 34;
  const taken = layout.vertices.map((v) => [v.x, v.y, 26]).concat(marks.map(([x, y]) => [x, y, 0]));
  const room = ([x, y]) => Math.min(...taken.map(([tx, ty, r]) => Math.hypot(x - tx, y - ty) - r));
  const places = new Map();
  for (const edge of layout.edges) {
    if (edge.move === null) continue;
    const [a, b] = [point(edge.ends[0]), point(edge.ends[1])];
    const candidates = [0.5, 0.38, 0.62, 0.27, 0.73, 0.18, 0.82].map((t) => pointOnEdge(a, b, edge.curve, t));
    const place = candidates.find((c) => room(c) >= gap)
      ?? candidates.reduce((best, c) => (room(c) > room(best) ? c : best));
    places.set(edge.id, place);
    taken.push([place[0], place[1], 0]);
  }
  return places;
}

function edgePath(a, b, curve) {
  const at = (p) => `${p[0]} ${p[1]}`;
  if (curve.length === 2) return `M ${at(a)} C ${at(curve[0])} ${at(curve[1])} ${at(b)}`;
  if (curve.length === 1) return `M ${at(a)} Q ${at(curve[0])} ${at(b)}`;
  return `M ${at(a)} L ${at(b)}`;
}

/** A focusable button inside an SVG picture that calls `onPick` on a click, Enter or Space. */
function svgButton(attributes, onPick) {
  const button = svg('g', { role: 'button', tabindex: '0', ...attributes });
  button.addEventListener('click', onPick);
  button.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPick();
    }
  });
  return button;
}

/**
 * A position of a game on a graph, as the engine's `layout` places it (`/api/options`): edges
 * (loops and repeated edges on their curves), vertices with their names, the token, the ground
 * line, and what is gone faded. A vertex or an edge whose click makes a move (`move`, an index
 * into the position's moves) is a button: `label(kind, item)` names it, `mark(item)` gives
 * {good, glyph} when its move is to be marked (or null), `onPick(index)` makes the move, and
 * `enabled` says whether a move may be made now. Each button's `data-target` (`v3`, `e5`) and
 * `data-part` let focus come back to it after a redraw.
 */
export function graphPicture({ layout, label, groupLabel, groundLabel, mark, onPick, enabled, part }) {
  if (layout.cells) return cellsPicture({ layout, label, groupLabel, mark, onPick, enabled, part });
  const margin = 60;
  const root = svg('svg', {
    viewBox: `${-margin} ${-margin} ${layout.width + 2 * margin} ${layout.height + 2 * margin}`,
    role: 'group', 'aria-label': groupLabel, class: 'graph-board', 'data-testid': `graph-${part ?? 0}`,
  });
  // Neighbouring cells 90 px apart where there is room (the style sheet keeps it within the page).
  root.setAttribute('width', String(Math.round(Math.min(720, (layout.width + 2 * margin) * 0.9))));
  if (layout.ground) {
    const g = layout.ground;
    root.append(svg('rect', { x: g.from, y: g.y, width: g.to - g.from, height: 24, class: 'ground-fill' }));
    root.append(svg('line', { x1: g.from, y1: g.y, x2: g.to, y2: g.y, class: 'ground' }));
    root.append(svg('text', { x: g.to, y: g.y + 40, class: 'ground-name end' }, groundLabel));
  }
  const point = (id) => [layout.vertices[id].x, layout.vertices[id].y];
  const marked = (item, x, y, element, centred = false) => {
    const m = mark(item);
    if (!m) return;
    element.classList.add(m.good ? 'good' : 'bad');
    element.append(svg('text', { x, y, class: centred ? 'graph-mark centred' : 'graph-mark', 'aria-hidden': 'true' }, m.glyph));
  };
  // A vertex's mark stands at its upper right (the glyph's middle about 30 from its centre).
  const vertexMarks = layout.vertices.filter((v) => v.move !== null).map((v) => [v.x + 29, v.y - 30]);
  const edgeMarks = edgeMarkPlaces(layout, point, vertexMarks);
  for (const edge of layout.edges) {
    const [a, b] = [point(edge.ends[0]), point(edge.ends[1])];
    const d = edgePath(a, b, edge.curve);
    const state = edge.gone ? 'gone' : edge.move === null ? 'stuck' : 'legal';
    if (edge.move === null) {
      root.append(svg('path', { d, class: `edge ${state}`, 'aria-hidden': 'true' }));
      continue;
    }
    const button = svgButton({
      class: 'edge-button', 'aria-label': label('edge', edge), 'data-target': `e${edge.id}`, 'data-part': part ?? '',
    }, () => onPick(edge.move));
    if (!enabled) button.setAttribute('aria-disabled', 'true');
    button.append(svg('path', { d, class: 'edge-hit' }), svg('path', { d, class: `edge ${state}` }));
    const [x, y] = edgeMarks.get(edge.id);
    marked(edge, x, y + 8, button, true);
    root.append(button);
  }
  for (const vertex of layout.vertices) {
    const token = layout.token === vertex.id;
    const state = vertex.gone ? 'gone' : vertex.move === null ? 'stuck' : 'legal';
    const shapes = [
      svg('circle', { cx: vertex.x, cy: vertex.y, r: 26, class: `vertex ${state}${token ? ' token' : ''}` }),
      svg('text', { x: vertex.x, y: vertex.y + 5, class: 'vertex-name', 'aria-hidden': 'true' }, vertex.name),
    ];
    if (token) shapes.push(svg('circle', { cx: vertex.x, cy: vertex.y, r: 34, class: 'token-ring', 'aria-hidden': 'true' }));
    if (vertex.move === null) {
      const still = svg('g', { role: 'img', 'aria-label': label('vertex', vertex), 'data-vertex': vertex.id });
      still.append(...shapes);
      root.append(still);
      continue;
    }
    const button = svgButton({
      class: 'vertex-button', 'aria-label': label('vertex', vertex),
      'data-target': `v${vertex.id}`, 'data-part': part ?? '', 'data-vertex': vertex.id,
    }, () => onPick(vertex.move));
    if (!enabled) button.setAttribute('aria-disabled', 'true');
    button.append(...shapes);
    marked(vertex, vertex.x + 22, vertex.y - 22, button);
    root.append(button);
  }
  return root;
}
