// Plain rectangles in top-window viewport coordinates and the distances the walk orders by. Pure.
import { math } from '../intrinsics.js';

/** A box in top-window viewport coordinates. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Whether two boxes overlap (touching edges do not count). */
export function intersects(a: Rect, b: Rect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Whether `rect` lies inside `outer`, give or take a pixel. */
export function encloses(outer: Rect, rect: Rect): boolean {
  return rect.left >= outer.left - 1 && rect.top >= outer.top - 1 && rect.right <= outer.right + 1 && rect.bottom <= outer.bottom + 1;
}

/** The overlap of two boxes; may be empty (right <= left or bottom <= top). */
export function intersection(a: Rect, b: Rect): Rect {
  return { left: math.max(a.left, b.left), top: math.max(a.top, b.top), right: math.min(a.right, b.right), bottom: math.min(a.bottom, b.bottom) };
}

/** How far `rect` lies outside `zone` along the worse axis, in px; 0 when they overlap or touch. */
export function distanceTo(rect: Rect, zone: Rect): number {
  const dx = math.max(zone.left - rect.right, rect.left - zone.right, 0);
  const dy = math.max(zone.top - rect.bottom, rect.top - zone.bottom, 0);
  return math.max(dx, dy);
}

/** Where `rect` lies relative to `zone`, by the axis it is furthest along. */
export function sideOf(rect: Rect, zone: Rect): 'above' | 'below' | 'left' | 'right' | 'inside' {
  const above = zone.top - rect.bottom;
  const below = rect.top - zone.bottom;
  const left = zone.left - rect.right;
  const right = rect.left - zone.right;
  const most = math.max(above, below, left, right);
  if (most < 0) return 'inside';
  if (most === below) return 'below';
  if (most === above) return 'above';
  return most === right ? 'right' : 'left';
}
