import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from '../../client/lib/after-first-paint';

/** A stand-in for the browser's Paint Timing: `paint(name)` reports an entry to the observers. */
class FakePaintObserver {
  static observers: FakePaintObserver[] = [];
  static supportedEntryTypes = ['paint', 'navigation'];
  static paint(name: string) {
    for (const o of FakePaintObserver.observers) o.callback({ getEntriesByName: (n: string) => (n === name ? [{ name }] : []) });
  }
  constructor(private callback: (list: { getEntriesByName(n: string): unknown[] }) => void) {}
  observe() {
    FakePaintObserver.observers.push(this);
  }
  disconnect() {
    FakePaintObserver.observers = FakePaintObserver.observers.filter((o) => o !== this);
  }
}

describe('afterFirstPaint (the app is fetched once the server-rendered screen is on the display)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakePaintObserver.observers = [];
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the first contentful paint, not a first paint of background alone', () => {
    const task = vi.fn();
    afterFirstPaint(task);
    FakePaintObserver.paint('first-paint');
    vi.advanceTimersByTime(10);
    expect(task).not.toHaveBeenCalled();
    FakePaintObserver.paint('first-contentful-paint');
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    expect(FakePaintObserver.observers).toHaveLength(0);
  });

  it('runs after the fallback when no paint is reported, and only once', () => {
    const task = vi.fn();
    afterFirstPaint(task, 2000);
    vi.advanceTimersByTime(1999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1); // the fallback fires
    vi.advanceTimersByTime(1); // the task, queued behind it
    expect(task).toHaveBeenCalledTimes(1);
    FakePaintObserver.paint('first-contentful-paint');
    vi.advanceTimersByTime(10);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('falls back to the next frame where Paint Timing is not supported', () => {
    FakePaintObserver.supportedEntryTypes = ['navigation'];
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
    const task = vi.fn();
    afterFirstPaint(task);
    expect(task).not.toHaveBeenCalled();
    frames.forEach((f) => f());
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    FakePaintObserver.supportedEntryTypes = ['paint', 'navigation'];
  });
});
