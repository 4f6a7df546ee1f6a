// The walk's priority queue and rectangle helpers.
import { describe, expect, it } from 'vitest';
import { Frontier } from '../../../src/dom/extract/frontier.js';
import { distanceTo, intersection, intersects, sideOf } from '../../../src/dom/extract/rect.js';

describe('Frontier', () => {
  it('pops the nearest entry first and equal distances in insertion order', () => {
    const frontier = new Frontier<{ distance: number; seq: number; name: string }>();
    const names = ['far', 'near-1', 'mid', 'near-2', 'near-3'];
    const distances = [900, 0, 300, 0, 0];
    names.forEach((name, i) => frontier.push({ name, distance: distances[i]!, seq: 0 }));
    const order: string[] = [];
    for (let entry = frontier.pop(); entry; entry = frontier.pop()) order.push(entry.name);
    expect(order).toEqual(['near-1', 'near-2', 'near-3', 'mid', 'far']);
  });

  it('drains what is left', () => {
    const frontier = new Frontier<{ distance: number; seq: number }>();
    frontier.push({ distance: 1, seq: 0 });
    frontier.push({ distance: 2, seq: 0 });
    expect(frontier.drain()).toHaveLength(2);
    expect(frontier.size).toBe(0);
  });
});

describe('rect helpers', () => {
  const viewport = { left: 0, top: 0, right: 1000, bottom: 800 };

  it('measure the distance to a zone along the worse axis', () => {
    expect(distanceTo({ left: 10, top: 10, right: 20, bottom: 20 }, viewport)).toBe(0);
    expect(distanceTo({ left: 10, top: 1000, right: 20, bottom: 1100 }, viewport)).toBe(200);
    expect(distanceTo({ left: -500, top: -50, right: -100, bottom: 0 }, viewport)).toBe(100);
  });

  it('tell where a box lies and how boxes overlap', () => {
    expect(sideOf({ left: 0, top: 900, right: 10, bottom: 950 }, viewport)).toBe('below');
    expect(sideOf({ left: 0, top: -90, right: 10, bottom: -10 }, viewport)).toBe('above');
    expect(sideOf({ left: 1200, top: 10, right: 1300, bottom: 20 }, viewport)).toBe('right');
    expect(sideOf({ left: 5, top: 5, right: 10, bottom: 10 }, viewport)).toBe('inside');
    expect(intersects({ left: 0, top: 800, right: 10, bottom: 900 }, viewport)).toBe(false);
    expect(intersection({ left: 500, top: 500, right: 1500, bottom: 900 }, viewport)).toEqual({ left: 500, top: 500, right: 1000, bottom: 800 });
  });
});
