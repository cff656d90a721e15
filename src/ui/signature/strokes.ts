import { getStroke } from 'perfect-freehand';

/** One pointer sample: x and y in CSS pixels of the pad, pressure 0–1 (0.5 when the device has none). */
export type Sample = [x: number, y: number, pressure: number];
export type Stroke = Sample[];
type Point = [x: number, y: number];

/** Mouse and most fingers report no real pressure: let perfect-freehand simulate it from speed. */
export const strokeOptions = (simulatePressure: boolean) => ({
  size: 4,
  thinning: 0.6,
  smoothing: 0.5,
  streamline: 0.5,
  simulatePressure,
});

/** The outline polygon of one stroke as an SVG path (a dot for a single tap), for Path2D or an <svg>. */
export function strokePath(stroke: Stroke, simulatePressure = true): string {
  const outline = getStroke(stroke, { ...strokeOptions(simulatePressure), last: true }).map(([x = 0, y = 0]): Point => [
    x,
    y,
  ]);
  const [first, ...rest] = outline;
  if (!first) return '';
  const mid = (a: Point, b: Point): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  let d = `M${first[0].toFixed(2)},${first[1].toFixed(2)}`;
  // Quadratic curves through the midpoints give a smooth closed outline.
  rest.forEach((p, i) => {
    const [mx, my] = mid(p, rest[i + 1] ?? first);
    d += ` Q${p[0].toFixed(2)},${p[1].toFixed(2)} ${mx.toFixed(2)},${my.toFixed(2)}`;
  });
  return `${d} Z`;
}

/** A sample from a pointer position relative to the pad's box, clamped to it. */
export function sampleAt(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
  pressure: number,
): Sample {
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  return [clamp(clientX - box.left, box.width), clamp(clientY - box.top, box.height), pressure > 0 ? pressure : 0.5];
}

/** A signature needs some ink: a few taps or a stroke shorter than this is not one. */
export const MIN_INK_LENGTH = 20;

/** Total drawn length in CSS pixels over all strokes. */
export function inkLength(strokes: readonly Stroke[]): number {
  let total = 0;
  for (const s of strokes) {
    s.forEach(([x, y], i) => {
      const before = s[i - 1];
      if (before) total += Math.hypot(x - before[0], y - before[1]);
    });
  }
  return total;
}
