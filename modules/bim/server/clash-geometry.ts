/**
 * The geometry of the clash check, without I/O: element meshes in one frame (metres), a broad phase that finds the
 * pairs whose boxes overlap (sort and sweep along the longest axis: n log n plus the overlapping pairs, so tens of
 * thousands of elements cost seconds, not the n² of every pair), and a narrow phase on the triangles themselves.
 *
 * Touching is not clashing: two elements meeting face to face (a beam on a column's face, a wall under a slab) share
 * a plane, and two triangles only count as crossing when each has corners strictly on both sides of the other's
 * plane (by more than EPSILON), so coplanar faces and edges lying on a face never make a clash. An element wholly
 * inside another crosses no triangle; it is found by a ray test of its centre.
 *
 * The depth of a clash (what the tolerance is compared with) is the penetration depth: the shortest move that
 * separates the two, found on the separating axes of the two meshes (their face normals and the cross products of
 * their edge directions). That is exact for convex elements, which most structural and MEP elements are (walls,
 * slabs, columns, beams, ducts, pipes, trays); for a non-convex one it is that of its convex hull, an upper bound.
 */

export type Vec3 = [number, number, number];

/** Distances below this (metres: 0.1 mm) are rounding of the stored geometry, not contact or penetration. */
export const EPSILON = 1e-4;

export interface Box {
  min: Vec3;
  max: Vec3;
}

/** One element's triangles in the common frame: `positions` xyz per vertex, `indices` three per triangle. */
export interface ElementMesh {
  positions: Float64Array;
  indices: Uint32Array;
  box: Box;
}

export interface Contact {
  /** Penetration depth, metres. */
  depth: number;
  /** The middle of where the two surfaces cross (or the centre of the element inside the other). */
  point: Vec3;
  /** The overlap of the two boxes: how large the clash region is. */
  region: Box;
}

export function boxOf(positions: ArrayLike<number>): Box {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3)
    for (let k = 0; k < 3; k++) {
      const value = positions[i + k]!;
      if (value < min[k]!) min[k] = value;
      if (value > max[k]!) max[k] = value;
    }
  return { min, max };
}

/** Boxes that overlap by more than EPSILON on every axis (boxes that only touch do not). */
const overlaps = (a: Box, b: Box, margin = EPSILON) =>
  a.min[0] < b.max[0] - margin &&
  b.min[0] < a.max[0] - margin &&
  a.min[1] < b.max[1] - margin &&
  b.min[1] < a.max[1] - margin &&
  a.min[2] < b.max[2] - margin &&
  b.min[2] < a.max[2] - margin;

/**
 * The pairs (index in `a`, index in `b`) whose boxes overlap, by sort and sweep along the axis where the boxes
 * spread most. `same` says that `a` and `b` are one set (a check of a discipline against itself): each pair once.
 */
export function candidatePairs(a: readonly Box[], b: readonly Box[], same = false): [number, number][] {
  if (a.length === 0 || b.length === 0) return [];
  const spread = [0, 1, 2].map((axis) => {
    let low = Infinity;
    let high = -Infinity;
    for (const box of [...a, ...b]) {
      low = Math.min(low, box.min[axis]!);
      high = Math.max(high, box.max[axis]!);
    }
    return high - low;
  });
  const axis = spread.indexOf(Math.max(...spread));
  // Every box once, with its set (0: a, 1: b), sorted by where it starts on the axis.
  const entries: { set: 0 | 1; index: number; box: Box }[] = a.map((box, index) => ({ set: 0 as const, index, box }));
  if (!same) for (const [index, box] of b.entries()) entries.push({ set: 1, index, box });
  entries.sort((x, y) => x.box.min[axis]! - y.box.min[axis]!);
  const pairs: [number, number][] = [];
  const active: typeof entries = [];
  for (const entry of entries) {
    const start = entry.box.min[axis]!;
    // Those that end before this one starts leave the sweep.
    for (let i = active.length - 1; i >= 0; i--) if (active[i]!.box.max[axis]! <= start + EPSILON) active.splice(i, 1);
    for (const other of active) {
      if (!same && other.set === entry.set) continue;
      if (!overlaps(other.box, entry.box)) continue;
      if (same) pairs.push([Math.min(other.index, entry.index), Math.max(other.index, entry.index)]);
      else pairs.push(other.set === 0 ? [other.index, entry.index] : [entry.index, other.index]);
    }
    active.push(entry);
  }
  return pairs;
}

const sub = (p: ArrayLike<number>, i: number, q: ArrayLike<number>, j: number): Vec3 => [
  p[i]! - q[j]!,
  p[i + 1]! - q[j + 1]!,
  p[i + 2]! - q[j + 2]!,
];
const cross = (u: Vec3, v: Vec3): Vec3 => [
  u[1] * v[2] - u[2] * v[1],
  u[2] * v[0] - u[0] * v[2],
  u[0] * v[1] - u[1] * v[0],
];
const dot = (u: Vec3, v: Vec3) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
const unit = (v: Vec3): Vec3 | null => {
  const length = Math.hypot(v[0], v[1], v[2]);
  return length < 1e-12 ? null : [v[0] / length, v[1] / length, v[2] / length];
};

/** A triangle's three corners, from a mesh. */
function corners(mesh: ElementMesh, triangle: number): [Vec3, Vec3, Vec3] {
  const p = mesh.positions;
  const at = (k: number): Vec3 => {
    const i = mesh.indices[triangle * 3 + k]! * 3;
    return [p[i]!, p[i + 1]!, p[i + 2]!];
  };
  return [at(0), at(1), at(2)];
}

/**
 * Where the triangle `t` crosses the plane (normal `n`, offset `d`) as a segment, or null when it does not cross it
 * strictly (all its corners on one side, or on the plane within EPSILON).
 */
function planeCrossing(t: [Vec3, Vec3, Vec3], n: Vec3, d: number): [Vec3, Vec3] | null {
  const s = t.map((corner) => dot(n, corner) - d) as [number, number, number];
  if (Math.max(...s) <= EPSILON || Math.min(...s) >= -EPSILON) return null;
  const points: Vec3[] = [];
  for (let i = 0; i < 3; i++) {
    const j = (i + 1) % 3;
    const si = Math.abs(s[i]!) <= EPSILON ? 0 : s[i]!;
    const sj = Math.abs(s[j]!) <= EPSILON ? 0 : s[j]!;
    if (si === 0) points.push(t[i]!);
    else if (si * sj < 0) {
      const k = si / (si - sj);
      const [a, b] = [t[i]!, t[j]!];
      points.push([a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k, a[2] + (b[2] - a[2]) * k]);
    }
  }
  return points.length >= 2 ? [points[0]!, points[1]!] : null;
}

/** The segment where two triangles properly cross, or null (apart, touching, or coplanar). */
export function triangleCrossing(t1: [Vec3, Vec3, Vec3], t2: [Vec3, Vec3, Vec3]): [Vec3, Vec3] | null {
  const n1 = unit(cross(sub(t1[1], 0, t1[0], 0), sub(t1[2], 0, t1[0], 0)));
  const n2 = unit(cross(sub(t2[1], 0, t2[0], 0), sub(t2[2], 0, t2[0], 0)));
  if (!n1 || !n2) return null;
  const s1 = planeCrossing(t1, n2, dot(n2, t2[0]));
  if (!s1) return null;
  const s2 = planeCrossing(t2, n1, dot(n1, t1[0]));
  if (!s2) return null;
  // Both segments lie on the line where the planes meet: the triangles cross where the segments overlap.
  const line = unit(cross(n1, n2));
  if (!line) return null;
  const [a0, a1] = [dot(line, s1[0]), dot(line, s1[1])];
  const [b0, b1] = [dot(line, s2[0]), dot(line, s2[1])];
  const from = Math.max(Math.min(a0, a1), Math.min(b0, b1));
  const to = Math.min(Math.max(a0, a1), Math.max(b0, b1));
  if (to - from <= EPSILON) return null;
  const pointAt = (value: number): Vec3 => {
    const [p, q, pv, qv] = a0 <= a1 ? [s1[0], s1[1], a0, a1] : [s1[1], s1[0], a1, a0];
    const k = qv - pv < 1e-12 ? 0 : (value - pv) / (qv - pv);
    return [p[0] + (q[0] - p[0]) * k, p[1] + (q[1] - p[1]) * k, p[2] + (q[2] - p[2]) * k];
  };
  return [pointAt(from), pointAt(to)];
}

const triangleBox = (t: [Vec3, Vec3, Vec3]): Box => ({
  min: [0, 1, 2].map((k) => Math.min(t[0][k]!, t[1][k]!, t[2][k]!)) as Vec3,
  max: [0, 1, 2].map((k) => Math.max(t[0][k]!, t[1][k]!, t[2][k]!)) as Vec3,
});

const touchesBox = (a: Box, b: Box) =>
  a.min[0] <= b.max[0] &&
  b.min[0] <= a.max[0] &&
  a.min[1] <= b.max[1] &&
  b.min[1] <= a.max[1] &&
  a.min[2] <= b.max[2] &&
  b.min[2] <= a.max[2];

/** The triangles of `mesh` that reach into `region`, with their corners. */
function trianglesIn(mesh: ElementMesh, region: Box): [Vec3, Vec3, Vec3][] {
  const found: [Vec3, Vec3, Vec3][] = [];
  for (let t = 0; t < mesh.indices.length / 3; t++) {
    const triangle = corners(mesh, t);
    if (touchesBox(triangleBox(triangle), region)) found.push(triangle);
  }
  return found;
}

/** Whether `point` is inside the closed mesh: a ray along a slightly skewed direction crosses it an odd number of times. */
function inside(mesh: ElementMesh, point: Vec3): boolean {
  const direction: Vec3 = [0.5773, 0.5774, 0.5775];
  let crossings = 0;
  for (let t = 0; t < mesh.indices.length / 3; t++) {
    const [a, b, c] = corners(mesh, t);
    // Möller–Trumbore.
    const e1 = sub(b, 0, a, 0);
    const e2 = sub(c, 0, a, 0);
    const h = cross(direction, e2);
    const det = dot(e1, h);
    if (Math.abs(det) < 1e-12) continue;
    const s = sub(point, 0, a, 0);
    const u = dot(s, h) / det;
    if (u < 0 || u > 1) continue;
    const q = cross(s, e1);
    const v = dot(direction, q) / det;
    if (v < 0 || u + v > 1) continue;
    if (dot(e2, q) / det > EPSILON) crossings++;
  }
  return crossings % 2 === 1;
}

const centre = (box: Box): Vec3 => [0, 1, 2].map((k) => (box.min[k]! + box.max[k]!) / 2) as Vec3;
const within = (inner: Box, outer: Box) =>
  [0, 1, 2].every((k) => inner.min[k]! >= outer.min[k]! - EPSILON && inner.max[k]! <= outer.max[k]! + EPSILON);

/** Unit directions, one per direction up to sign and a small angle, at most `limit` of them. */
function directions(candidates: Iterable<Vec3>, limit: number): Vec3[] {
  const found: Vec3[] = [];
  for (const candidate of candidates) {
    const direction = unit(candidate);
    if (!direction) continue;
    if (found.some((other) => Math.abs(dot(other, direction)) > 1 - 1e-6)) continue;
    found.push(direction);
    if (found.length >= limit) break;
  }
  return found;
}

function* faceNormals(mesh: ElementMesh): Generator<Vec3> {
  for (let t = 0; t < mesh.indices.length / 3; t++) {
    const [a, b, c] = corners(mesh, t);
    yield cross(sub(b, 0, a, 0), sub(c, 0, a, 0));
  }
}

function* edgeDirections(mesh: ElementMesh): Generator<Vec3> {
  for (let t = 0; t < mesh.indices.length / 3; t++) {
    const [a, b, c] = corners(mesh, t);
    yield sub(b, 0, a, 0);
    yield sub(c, 0, b, 0);
    yield sub(a, 0, c, 0);
  }
}

function projection(mesh: ElementMesh, axis: Vec3): [number, number] {
  let low = Infinity;
  let high = -Infinity;
  const p = mesh.positions;
  for (let i = 0; i < p.length; i += 3) {
    const value = p[i]! * axis[0] + p[i + 1]! * axis[1] + p[i + 2]! * axis[2];
    if (value < low) low = value;
    if (value > high) high = value;
  }
  return [low, high];
}

/** The penetration depth of the two meshes' convex hulls (metres): the least overlap over the separating axes. */
export function penetrationDepth(a: ElementMesh, b: ElementMesh): number {
  // A finely tessellated element (a round pipe) has many directions; a few dozen per element bound the work.
  const normals = directions([...faceNormals(a), ...faceNormals(b)], 96);
  const edgesA = directions(edgeDirections(a), 24);
  const edgesB = directions(edgeDirections(b), 24);
  const axes = [...normals];
  for (const u of edgesA) for (const v of edgesB) axes.push(cross(u, v));
  let depth = Infinity;
  for (const candidate of directions(axes, 2000)) {
    const [a0, a1] = projection(a, candidate);
    const [b0, b1] = projection(b, candidate);
    const overlap = Math.min(a1 - b0, b1 - a0);
    if (overlap < depth) depth = overlap;
    if (depth <= 0) return 0;
  }
  return depth;
}

/** Whether and how deep two elements clash (null: apart or only touching). */
export function contact(a: ElementMesh, b: ElementMesh): Contact | null {
  const region: Box = {
    min: [0, 1, 2].map((k) => Math.max(a.box.min[k]!, b.box.min[k]!)) as Vec3,
    max: [0, 1, 2].map((k) => Math.min(a.box.max[k]!, b.box.max[k]!)) as Vec3,
  };
  const near = { min: region.min.map((v) => v - EPSILON) as Vec3, max: region.max.map((v) => v + EPSILON) as Vec3 };
  const ta = trianglesIn(a, near);
  const tb = trianglesIn(b, near);
  const sum: Vec3 = [0, 0, 0];
  let count = 0;
  for (const t1 of ta)
    for (const t2 of tb) {
      const segment = triangleCrossing(t1, t2);
      if (!segment) continue;
      for (const point of segment) for (let k = 0; k < 3; k++) sum[k] += point[k]!;
      count += 2;
    }
  let point: Vec3 | null = count > 0 ? (sum.map((v) => v / count) as Vec3) : null;
  // No surfaces cross: one element may still lie wholly inside the other.
  if (!point) {
    if (within(a.box, b.box) && inside(b, centre(a.box))) point = centre(a.box);
    else if (within(b.box, a.box) && inside(a, centre(b.box))) point = centre(b.box);
  }
  if (!point) return null;
  const depth = penetrationDepth(a, b);
  return depth > EPSILON ? { depth, point, region } : null;
}

/** How far around the clash region the section box of a viewpoint reaches (metres), and just above it. */
const AROUND = 3;
const ABOVE = 0.05;

/**
 * Where the camera stands to look at a clash: from above at three quarters (the frame is y-up, as the viewer's),
 * far enough to see the clash region with some of its surroundings; and a section box for seeing it among the other
 * elements: a few metres around it, cut just above it (else the slab over a duct hides the clash from above).
 */
export function viewpointAt(point: Vec3, region: Box): ClashViewpoint {
  const size = Math.hypot(...([0, 1, 2].map((k) => region.max[k]! - region.min[k]!) as Vec3));
  const distance = Math.min(40, Math.max(4, size * 3));
  const direction = unit([1, 0.8, 1])!;
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return {
    position: point.map((v, k) => round(v + direction[k]! * distance)) as Vec3,
    target: point.map(round) as Vec3,
    section: {
      min: region.min.map((v) => round(v - AROUND)) as Vec3,
      max: region.max.map((v, k) => round(v + (k === 1 ? ABOVE : AROUND))) as Vec3,
    },
  };
}

export interface ClashViewpoint {
  position: Vec3;
  target: Vec3;
  section: Box;
}
